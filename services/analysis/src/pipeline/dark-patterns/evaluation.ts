// Precision and recall of the detector per category on the labelled set (dataset/dataset.jsonl).
// A text counts as predicted in a category when any finding on it carries that category.
import { readFileSync } from 'node:fs';
import { detectManipulativeText } from './detect-manipulative-text.js';
import { MATHUR_CATEGORIES, type MathurCategory } from './pattern-types.js';

export interface LabelledText {
  readonly id: string;
  readonly text: string;
  readonly categories: readonly MathurCategory[];
  readonly family: string;
  readonly split:
    | 'train'
    | 'test'
    | 'holdout'
    | 'holdout-2'
    | 'holdout-3'
    | 'holdout-4'
    | 'holdout-5'
    | 'holdout-6';
}

export interface Scores {
  readonly truePositives: number;
  readonly falsePositives: number;
  readonly falseNegatives: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export interface Evaluation {
  /** Any category: is the text manipulative at all? */
  readonly overall: Scores;
  readonly perCategory: Readonly<Record<MathurCategory, Scores>>;
  /** Texts with a wrong or missing category, for reading. */
  readonly mistakes: readonly {
    id: string;
    text: string;
    expected: readonly string[];
    predicted: readonly string[];
  }[];
}

/**
 * train and test: the generated set (dataset/dataset.jsonl). holdout, holdout-2 … holdout-6: texts
 * written by hand, not from the templates (dataset/handwritten*.jsonl), six rounds of 140-odd
 * texts; each was measured once as written, then used to broaden the rules.
 */
export function loadDataset(split?: LabelledText['split']): LabelledText[] {
  const files: Record<LabelledText['split'], string> = {
    train: 'dataset.jsonl',
    test: 'dataset.jsonl',
    holdout: 'handwritten.jsonl',
    'holdout-2': 'handwritten-2.jsonl',
    'holdout-3': 'handwritten-3.jsonl',
    'holdout-4': 'handwritten-4.jsonl',
    'holdout-5': 'handwritten-5.jsonl',
    'holdout-6': 'handwritten-6.jsonl',
  };
  const file = `./dataset/${files[split ?? 'train']}`;
  const raw = readFileSync(new URL(file, import.meta.url), 'utf8');
  const rows = raw
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LabelledText);
  return split ? rows.filter((row) => row.split === split) : rows;
}

function scores(truePositives: number, falsePositives: number, falseNegatives: number): Scores {
  // With nothing predicted, precision is vacuously perfect; with nothing to find, so is recall.
  const precision =
    truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives);
  const recall =
    truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { truePositives, falsePositives, falseNegatives, precision, recall, f1 };
}

export function evaluate(rows: readonly LabelledText[]): Evaluation {
  const counts = new Map<MathurCategory, [number, number, number]>(
    MATHUR_CATEGORIES.map((category) => [category, [0, 0, 0]]),
  );
  const overall: [number, number, number] = [0, 0, 0];
  const mistakes: Evaluation['mistakes'][number][] = [];
  for (const row of rows) {
    const predicted = new Set(
      detectManipulativeText([row.text]).flatMap((finding) => finding.categories),
    );
    const expected = new Set(row.categories);
    for (const category of MATHUR_CATEGORIES) {
      const count = counts.get(category) ?? [0, 0, 0];
      if (predicted.has(category) && expected.has(category)) count[0]++;
      else if (predicted.has(category)) count[1]++;
      else if (expected.has(category)) count[2]++;
    }
    if (predicted.size > 0 && expected.size > 0) overall[0]++;
    else if (predicted.size > 0) overall[1]++;
    else if (expected.size > 0) overall[2]++;
    const same =
      predicted.size === expected.size &&
      [...expected].every((category) => predicted.has(category));
    if (!same)
      mistakes.push({
        id: row.id,
        text: row.text,
        expected: [...expected],
        predicted: [...predicted],
      });
  }
  const perCategory = Object.fromEntries(
    MATHUR_CATEGORIES.map((category) => [category, scores(...(counts.get(category) ?? [0, 0, 0]))]),
  ) as Record<MathurCategory, Scores>;
  return { overall: scores(...overall), perCategory, mistakes };
}

/** A Markdown table of the figures, for docs/benchmarks.md. */
export function formatEvaluation(evaluation: Evaluation, title: string): string {
  const row = (name: string, s: Scores) =>
    `| ${name} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f1.toFixed(3)} | ${s.truePositives} | ${s.falsePositives} | ${s.falseNegatives} |`;
  return [
    `${title}`,
    '| Category | Precision | Recall | F1 | TP | FP | FN |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...MATHUR_CATEGORIES.map((category) => row(category, evaluation.perCategory[category])),
    row('any (manipulative or not)', evaluation.overall),
  ].join('\n');
}
