import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

// Trending chips are shown to everyone on the home page, so what may trend is narrower than
// what may be searched: no markup, no links, no e-mail addresses, no profanity.
const MARKUP = /[<>]/;
// A scheme ("https://", "javascript:", "mailto:") or a "www." host is a link, not a topic.
const LINK =
  /(?:^|[^\p{L}\p{N}])(?:[a-z][a-z0-9+.-]*:\/\/|(?:javascript|data|vbscript|mailto|file):|www\.)/iu;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/u;
// "site:example.org …" is a look inside one site ("More from this site"), not a topic.
const SITE_RESTRICTED = /(?:^|\s)site:/iu;

// obscenity (maintained, English dataset with leetspeak, confusable and repeated-letter
// handling, and a whitelist against false positives such as "Scunthorpe"). Built once: the
// dataset compiles to a few hundred regular expressions.
const profanity = new RegExpMatcher({
  ...englishDataset.build(),
  ...englishRecommendedTransformers,
});

/** Whether a normalised query may be shown in Trending. */
export function mayTrend(query: string): boolean {
  return (
    !MARKUP.test(query) &&
    !LINK.test(query) &&
    !EMAIL.test(query) &&
    !SITE_RESTRICTED.test(query) &&
    !profanity.hasMatch(query)
  );
}
