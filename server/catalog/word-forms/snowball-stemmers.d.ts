/** The part of `snowball-stemmers` (Snowball's stemmers in JavaScript) that word-forms.ts uses; it ships no types. */
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(language: string): Stemmer; algorithms(): string[] };
  export default snowball;
}
