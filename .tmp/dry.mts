import { startTestServer } from '../test/server/support/test-server.ts';
const server = await startTestServer();
const auth = await server.basicAuthFor('shop_manager');
const header = 'Type,SKU,Name,Published,Regular price,Sale price,In stock?,Stock,Categories';
const body = [header, 'simple,E2E-1,Imported lamp,1,40,,1,3,Home', 'simple,E2E-2,Imported rug,1,12.50,,1,3,Home'].join('\n') + '\n';
for (const mode of ['replace', 'merge']) {
  const t = performance.now(); const r = await fetch(server.restUrl(`/vitrine/v1/catalog/import?dry_run=true&mode=${mode}`), { method: 'POST', headers: { authorization: auth, 'content-type': 'text/csv' }, body });
  console.log(mode, Math.round(performance.now() - t), "ms", r.status, (await r.text()).slice(0, 400));
}
await server.stop();
