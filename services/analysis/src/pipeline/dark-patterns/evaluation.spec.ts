import { evaluate, formatEvaluation, loadDataset, type Evaluation } from './evaluation.js';
import { MATHUR_CATEGORIES } from './pattern-types.js';

// Floors a little below what the detector achieves. The hand-written hold-outs were each measured
// once as written (first look, any manipulation, hold-outs 1-6: recall 0.53, 0.60, 0.89, 0.95,
// 0.76, 0.88 at precision 0.96, 0.96, 1.00, 0.99, 1.00, 1.00) and then used to broaden the rules, so the
// floors guard against regressions; none of them is unseen data any more. Print the figures with
// DARK_PATTERNS_REPORT=1.
const FLOOR = { precision: 0.95, recall: 0.7, overallRecall: 0.85 };

describe('dark-pattern detector on the labelled set', () => {
  const train = loadDataset('train');
  const test = loadDataset('test');
  const result = evaluate(test);
  const holdouts = (
    ['holdout', 'holdout-2', 'holdout-3', 'holdout-4', 'holdout-5', 'holdout-6'] as const
  ).map((split) => evaluate(loadDataset(split)));
  const holdout3 = holdouts[2] as Evaluation;
  const holdout4 = holdouts[3] as Evaluation;
  const holdout5 = holdouts[4] as Evaluation;
  const holdout6 = holdouts[5] as Evaluation;

  if (process.env['DARK_PATTERNS_REPORT'] === '1') {
    const tables = [
      formatEvaluation(
        result,
        `Generated test split (${test.length} texts, template families unseen by the rules)`,
      ),
      formatEvaluation(evaluate(train), `Generated train split (${train.length} texts)`),
      ...holdouts.map((evaluation, index) =>
        formatEvaluation(
          evaluation,
          `Hand-written hold-out ${index + 1}${' (measured first as written, since used to broaden the rules)'}`,
        ),
      ),
    ];
    const mistakes = [result, ...holdouts]
      .flatMap((evaluation) => evaluation.mistakes)
      .map(
        (m) =>
          `${m.id} ${JSON.stringify(m.text)} expected [${m.expected.join(',')}] got [${m.predicted.join(',')}]`,
      );
    console.log(`${tables.join('\n\n')}\n\nMistakes:\n${mistakes.join('\n')}`);
  }

  it('holds at least 500 manipulative and 500 ordinary texts, 50 or more per category', () => {
    const all = [...train, ...test];
    expect(all.filter((row) => row.categories.length > 0).length).toBeGreaterThanOrEqual(500);
    expect(all.filter((row) => row.categories.length === 0).length).toBeGreaterThanOrEqual(500);
    for (const category of MATHUR_CATEGORIES)
      expect(all.filter((row) => row.categories.includes(category)).length).toBeGreaterThanOrEqual(
        50,
      );
  });

  it('splits by template family: no family is in both splits', () => {
    const testFamilies = new Set(test.map((row) => row.family));
    expect(train.filter((row) => testFamilies.has(row.family))).toEqual([]);
  });

  // The generated test split checks generalisation across template families; the hand-written
  // hold-outs check phrasings no template has.
  describe.each([
    ['the generated test split', result],
    ['hand-written hold-out 3', holdout3],
    ['hand-written hold-out 4', holdout4],
    ['hand-written hold-out 5', holdout5],
    ['hand-written hold-out 6', holdout6],
  ])('%s', (_name, evaluation) => {
    it.each(MATHUR_CATEGORIES)('%s: precision and recall stay above the floor', (category) => {
      const scores = evaluation.perCategory[category];
      expect({
        category,
        precision: scores.precision >= FLOOR.precision,
        recall: scores.recall >= FLOOR.recall,
      }).toEqual({ category, precision: true, recall: true });
    });

    it('any manipulation: precision and recall stay above the floor', () => {
      expect(evaluation.overall.precision).toBeGreaterThanOrEqual(FLOOR.precision);
      expect(evaluation.overall.recall).toBeGreaterThanOrEqual(FLOOR.overallRecall);
    });
  });
});
