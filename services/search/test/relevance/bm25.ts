import type { JudgedDoc } from './judged-corpus.js';

// Plain BM25 (k1 1.2, b 0.75) over each document as one field: title, description and the
// words of its host name, the text the catalogue indexes for a site without page text. The
// baseline of the relevance harness: any document holding any query word is ranked (OR), as
// the "plain BM25 over the same documents" did. Tokens: lower-case letters and digits,
// English stop words dropped, a light suffix stemmer (plural and -ing/-ed) so that the
// baseline is not handicapped against PostgreSQL's Snowball stemming.

const K1 = 1.2;
const B = 0.75;
const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have how in into is it its of on or that the their this to was what when where which who why will with www com org net'.split(
    ' ',
  ),
);

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export class Bm25Index {
  private readonly docs: { url: string; tf: Map<string, number>; length: number }[];
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;

  constructor(documents: readonly JudgedDoc[]) {
    this.docs = documents.map((doc) => {
      const words = tokens(
        `${doc.title} ${doc.description} ${new URL(doc.url).hostname.replace(/[._-]+/g, ' ')}`,
      );
      const tf = new Map<string, number>();
      for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
      for (const word of tf.keys()) this.df.set(word, (this.df.get(word) ?? 0) + 1);
      return { url: doc.url, tf, length: words.length };
    });
    this.averageLength =
      this.docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.docs.length);
  }

  /** Urls of the documents holding any query word, best first (ties: insertion order). */
  search(query: string, limit = 10): string[] {
    const terms = [...new Set(tokens(query))];
    const n = this.docs.length;
    return this.docs
      .map((doc, order) => {
        let score = 0;
        for (const term of terms) {
          const tf = doc.tf.get(term) ?? 0;
          if (tf === 0) continue;
          const df = this.df.get(term) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score +=
            (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / this.averageLength));
        }
        return { url: doc.url, score, order };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, limit)
      .map((hit) => hit.url);
  }
}
