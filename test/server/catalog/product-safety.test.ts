// The checks behind GPSR values (which contacts become links, which documents are shown or refused).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  contactOf,
  httpUrl,
  productSafety,
  safetyDocuments,
  safetyMetaProblem,
} from '../../../server/catalog/product-safety.js';

describe('httpUrl', () => {
  it('accepts absolute http(s) addresses only', () => {
    assert.equal(httpUrl(' https://a.example/x.pdf '), 'https://a.example/x.pdf');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'ftp://a.example/f',
      '/manual.pdf',
      'www.a.example',
    ]) {
      assert.equal(httpUrl(bad), null, bad);
    }
  });
});

describe('contactOf', () => {
  it('tells an email from a web address from plain text', () => {
    assert.deepEqual(contactOf('safety@acme.example'), { kind: 'email', value: 'safety@acme.example' });
    assert.deepEqual(contactOf('https://acme.example/contact'), { kind: 'url', value: 'https://acme.example/contact' });
    assert.equal(contactOf('javascript:alert(1)').kind, 'text');
    assert.equal(contactOf('a@b').kind, 'text', 'no dot in the domain');
    assert.equal(contactOf('"><img src=x>@a.example').kind, 'text');
  });
});

describe('safetyDocuments', () => {
  it('reads "Title | address" lines, a bare address as its own title, and drops the rest', () => {
    assert.deepEqual(
      safetyDocuments(
        'Manual | https://a.example/m.pdf\r\nhttps://a.example/cert.pdf\nEvil | javascript:x\n\nNo address',
      ),
      [
        { title: 'Manual', url: 'https://a.example/m.pdf' },
        { title: 'https://a.example/cert.pdf', url: 'https://a.example/cert.pdf' },
      ],
    );
  });
});

describe('safetyMetaProblem', () => {
  it('names the key of a bad contact or document line, and leaves other keys alone', () => {
    assert.match(safetyMetaProblem('gpsr_manufacturer_contact', 'phone us')!, /gpsr_manufacturer_contact/);
    assert.match(safetyMetaProblem('gpsr_responsible_contact', 'javascript:alert(1)')!, /gpsr_responsible_contact/);
    assert.match(safetyMetaProblem('gpsr_documents', 'A | https://a.example/a.pdf\nB | ftp://a.example/b')!, /line 2/);
    assert.equal(safetyMetaProblem('gpsr_documents', 'A | https://a.example/a.pdf\n\nhttp://a.example/b'), null);
    assert.equal(safetyMetaProblem('gpsr_manufacturer_contact', 'a@b.example'), null);
    assert.equal(safetyMetaProblem('gpsr_warnings', '<b>anything</b>'), null, 'text is escaped where shown');
    assert.equal(safetyMetaProblem('other_contact', 'phone us'), null);
  });
});

describe('productSafety', () => {
  it('is null without safety keys, or with only blank ones and unusable documents', () => {
    assert.equal(productSafety(undefined), null);
    assert.equal(productSafety({ colour_code: '12' }), null);
    assert.equal(productSafety({ gpsr_manufacturer_name: '  ', gpsr_documents: 'x | javascript:1' }), null);
  });
  it('groups the keys into parties, warnings and documents', () => {
    const safety = productSafety({ gpsr_responsible_name: 'Rep', gpsr_warnings: 'Hot.' })!;
    assert.equal(safety.manufacturer, null);
    assert.deepEqual(safety.responsiblePerson, { name: 'Rep', address: '', contact: null });
    assert.equal(safety.warnings, 'Hot.');
  });
});
