// Text rules for manipulative design, one list per pattern type. They run over normalised text
// (normalise-text.ts: ASCII quotes and dashes, single spaces), case-insensitively. Precision
// first: every rule needs wording ordinary shops do not use, and the near misses that they do
// use ("Order by 2pm for next-day delivery", "Only available in blue", "Shipping calculated at
// checkout", "Cancel anytime from your account page", "No thanks") are in the ordinary half of
// dataset/dataset.jsonl and in detect-manipulative-text.spec.ts. LABELLING.md says where the
// line is drawn.
import { PATTERN_TYPES, type PatternType } from './pattern-types.js';

export interface TextRule {
  readonly type: PatternType;
  readonly pattern: RegExp;
  /**
   * Only in a short message (a button, a badge, a banner line), not in prose: wording such as
   * "time is running out" or "(not recommended)" pressures in a shop's banner but is ordinary
   * in an article paragraph.
   */
  readonly short?: boolean;
  /** Wording in the same text that makes a match ordinary ("…or online in your account"). */
  readonly unless?: RegExp;
}

const NUM =
  '(?:\\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple|a handful)';
const UNIT = '(?:d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)';
const TIME_LEFT = `(?:\\d{1,2}\\s*:\\s*\\d{2}(?:\\s*:\\s*\\d{2})?|\\d+\\s*${UNIT}\\b(?:\\s*\\d+\\s*${UNIT}\\b){0,3})`;
const UNITS_SOLD = '(?:items?|units?|pieces?|pairs?|seats?|rooms?|tickets?|spots?|places?|beds?)';
const PEOPLE =
  '(?:people|persons|shoppers|customers|users|visitors|others|other people|travell?ers|guests|buyers)';
const PAID_EXTRA =
  '(?:insurance|protection|warranty|donation|gift[- ]?wrap\\w*|priority (?:handling|processing|shipping|boarding)|subscription|magazine|premium support|extended support|carbon offset|(?:damage|accidental damage|phone|device|travel|screen|breakdown) cover\\b|care plan|service plan)';
const FEE =
  '(?:service|processing|handling|booking|convenience|admin(?:istration)?|resort|cleaning|platform|card|transaction|facility|mandatory|additional|extra|hidden)';
const RECURRING =
  '(?:/ ?(?:month|mo|year|yr|week)\\b|per (?:month|year|week)|a (?:month|year|week)\\b|monthly|annually|every (?:month|year|week))';
/** Any character but a full stop that ends a sentence ("$4.99" keeps going). */
const SAME_SENTENCE = '(?:[^.]|\\.(?=\\d))';
const R = (source: string): RegExp => new RegExp(source.replaceAll('[^.]', SAME_SENTENCE), 'i');

export const TEXT_RULES: readonly TextRule[] = [
  // ——— Urgency ———
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b(?:offer|deal|sale|discount|price|prices|promotion|promo|code|coupon|voucher|savings?|ends?|expires?|ending|closes?)\\s+(?:[\\w ]{0,15}?\\b(?:ends?|expires?|goes up|go up|disappears?|vanish(?:es)?|is over|runs? out)\\s+)?in\\s*:?\\s*${TIME_LEFT}`,
    ),
    unless: R(
      '\\b(?:session|log ?in|sign-in|link|password|verification|one-time code|otp|token)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b(?:reserved|held|holding (?:your |the )?\\w+)\\s+for\\s+(?:the next\\s+)?${TIME_LEFT}`,
    ),
  },
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b(?:complete|finish|place|check ?out|order|buy|book|reserve|pay)\\b[\\w ]{0,20}? (?:with)?in (?:the next )?${TIME_LEFT}\\s*(?:minutes?\\s*)?to (?:keep|secure|lock in|claim|save|hold)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b(?:only|just) \\d+ (?:hours?|hrs?|minutes?|mins?|days?) (?:left|remaining)\\b|\\b\\d+ (?:hours?|hrs?|minutes?|mins?|days?) (?:left|remaining)(?: to (?:save|get|claim|grab|shop|buy|order)\\b|!)`,
    ),
  },
  {
    type: PATTERN_TYPES.limitedTime,
    pattern: R(
      "\\b(?:limited|time)[- ](?:time|limited)\\b|\\bfor a limited (?:time|period)\\b|\\btoday only\\b|\\bonly today\\b|\\b(?:ends|ending|expires|over) (?:today|tonight|at midnight|midnight|soon)\\b|\\blast day (?:of|for|to)\\b|\\blast chance\\b|\\bdon'?t miss out\\b|\\bdon'?t wait\\b|\\bwon'?t (?:last|come back|be repeated)\\b|\\b(?:will )?never come back\\b|\\bact (?:now|fast)\\b|\\bnow or never\\b|\\bbefore (?:it'?s|they'?re|it is|they are) (?:too late|gone)|(?<!(?:no need to|don'?t|do not|never|no|not) )\\bhurry(?: up)?(?=\\s*[!,:.;]|\\s+-|\\s*$|\\s+(?:while|before|only|and|now|sale|offers?|deals?|ends?|last|just|there|these|stock|limited|in)\\b)",
    ),
  },
  // ——— Scarcity ———
  {
    type: PATTERN_TYPES.lowStock,
    pattern: R(
      `\\b(?:only|just) ${NUM} (?!${UNIT}\\b)(?:[\\w-]+ ){0,2}(?:left|remaining)\\b|\\b${NUM} (?:${UNITS_SOLD} )?(?:left|remaining) in stock\\b|\\b\\d{1,3} ${UNITS_SOLD} (?:left|remaining)\\b|\\b\\d{1,3} left\\b(?! (?:and|or|to right|side|hand))|\\b(?:fewer|less) than ${NUM} (?:[\\w-]+ )?(?:left|remaining|in stock|available)\\b|\\bunder \\d+ left\\b|\\blast (?:one|\\d+ ${UNITS_SOLD}|\\d+ left)\\b(?! (?:of the|in the series))|\\b(?:low|limited|very limited) (?:in )?stock\\b|\\bstock (?:is )?(?:running|very|getting) low\\b|\\brunning (?:out|low) fast\\b|\\b(?:almost|nearly) (?:gone|sold out)\\b|\\b\\d{1,3} ?% (?:of (?:stock|items|units|tickets) )?(?:claimed|sold)\\b|\\bonly a (?:few|handful) (?:[\\w-]+ )?(?:left|remaining)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.highDemand,
    pattern: R(
      '\\b(?:in|is in|are in) (?:very |such )?high demand\\b|\\bdue to (?:very )?high demand\\b|\\bhigh demand\\b|\\bsell(?:ing|s)? (?:out )?(?:fast|quickly|rapidly)\\b|\\bflying off the shelves\\b|\\bgoing fast\\b',
    ),
  },
  // ——— Social proof ———
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b[a-z]{2,15} (?:[a-z]\\. )?(?:from|in) [a-z][\\w .'-]{1,30}? (?:just|recently) (?:bought|purchased|ordered|booked|signed up|subscribed)\\b|\\bsomeone (?:in|from) [\\w .'-]{2,30}? (?:just |recently )?(?:bought|purchased|ordered|booked)\\b|\\b(?:bought|purchased|ordered|booked)(?: this| it| an? [\\w -]{2,30}?)? \\d+ (?:seconds?|secs?|minutes?|mins?|hours?) ago\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b\\d[\\d,]*\\+? (?:other )?${PEOPLE} (?:are |is )?(?:currently |now |also )?(?:viewing|looking at|watching|looking|browsing)\\b(?! for)`,
    ),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b\\d[\\d,]*\\+? ${PEOPLE} (?:have|has|put) (?:this|it|these|them) in (?:their|the)(?: shopping)? (?:carts?|baskets?|bags?)\\b|\\badded (?:this|it) to (?:their )?(?:carts?|baskets?|bags?) (?:in the (?:last|past)|today)`,
    ),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b\\d[\\d,]*\\+? (?:${PEOPLE} )?(?:have )?(?:bought|purchased|ordered|booked|sold|signed up|joined|orders|sales|bookings)(?: (?:this|it|these))?(?: in the (?:last|past) (?:\\d+ )?(?:minutes?|hours?|days?)| today| this (?:hour|morning|afternoon|evening))\\b|\\bbooked \\d+ times (?:today|in the (?:last|past))`,
    ),
  },
  {
    type: PATTERN_TYPES.testimonial,
    short: true,
    pattern: R(
      '"[^"]{6,200}(?:!|\\b(?:best|never|ever|amazing|incredible|life|changed|worth|miracle|perfect|love)\\b)[^"]{0,200}"\\s*-\\s*(?:[a-z]{2,15}(?: [a-z]\\.|, [a-z][a-z .]{1,25})\\s*$|(?:a |one )?(?:happy|satisfied|real|loyal|delighted) (?:customer|buyer|shopper|client)\\b)|[!.]\\s*-\\s*(?:a |one )?(?:happy|satisfied|real|loyal|delighted) (?:customer|buyer|shopper|client)\\s*$',
    ),
    unless: R('\\bverified\\b'),
  },
  // ——— Misdirection ———
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "^(?:no\\b[,.!]?(?: (?:thanks|thank you)[,.!]?)? )?i(?: really| just)? (?:don'?t|do not) (?:want|like|need|care about|want to be|wish to be)(?: to)?(?: be)? (?:save|saving|savings|money|discounts?|deals?|offers?|rewards?|free\\b|better|best|good news|great|healthy|health|my health|happy|happier|smart|smarter|informed|in the know|beautiful|look (?:my )?(?:best|good|great)|\\d+ ?% off|(?:better|great|good|more) \\w+|exclusive)",
    ),
  },
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "\\bi(?:'d| would)? (?:rather|prefer to|prefer|like|enjoy|love) (?:pay|paying|to pay) (?:full|more|the full|extra)\\b|\\bi(?:'ll| will) pay (?:full|more|the full)\\b|\\bi(?:'d| would) rather (?:miss out|not save|stay (?:uninformed|ignorant|behind)|be (?:bored|uninformed|left out))\\b|\\bi(?:'ll| will) (?:pass on|skip|miss out on) (?:the |my |this )?(?:savings|discount|deal|offer|free \\w+)\\b|\\bi(?:'ll| will) (?:stay|remain) (?:uninformed|ignorant|behind|bored|in the dark)\\b|\\bi (?:hate|dislike) (?:saving|money|deals|discounts|fun|free)\\b|\\bi (?:enjoy|like|love) being (?:bored|uninformed|ignorant|left out|broke)\\b|\\bi'?m not interested in (?:saving|savings|discounts|deals|free|being|looking|feeling)\\b|\\bleave my [\\w ]{2,20}? (?:unprotected|at risk|vulnerable|exposed)\\b|^(?:no,? )?i'?ll (?:risk it|take (?:my|the) chances?)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: R(
      "\\b(?:un(?:check|tick)|(?:do not|don'?t) (?:check|tick)|(?:check|tick)|(?:leave|keep)) (?:this|the)(?: box)? (?:un(?:checked|ticked) |empty |blank )?if you (?:do not|don'?t|would not|wouldn'?t|would rather not|prefer not|would prefer not)\\b|\\bun(?:check|tick)(?: (?:this|the|here))? if you (?:do not|don'?t|would rather not|prefer not|would prefer not)\\b|\\b(?:do not|don'?t) (?:wish|want|like) (?:us )?(?:to )?not\\b|\\b(?:wish|want|like) (?:us )?not to not\\b",
    ),
  },
  {
    type: PATTERN_TYPES.pressuredSelling,
    short: true,
    pattern: R(
      "\\b(?:do not|don'?t) (?:leave|let) (?:your|this) [\\w ]{2,20}? (?:unprotected|at risk|exposed)\\b|\\bare you sure\\b[?!,.]? (?:you(?:'ll| will) (?:lose|miss|regret)|you want to (?:leave|miss|go|lose|give up))|\\bwait[!,.]? (?:don'?t|do not) (?:miss|go|leave)\\b|\\bmost (?:customers|shoppers|people|buyers|travell?ers) (?:also )?(?:add|choose|pick|upgrade|protect)\\b|\\b\\d{1,3} ?% of (?:customers|shoppers|buyers|people|travell?ers) (?:also )?(?:add|choose|pick|upgrade|protect)\\b|\\(not recommended\\)|\\bdon'?t risk it\\b",
    ),
  },
  // ——— Obstruction ———
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      "\\bto (?:cancel|unsubscribe|end|close|terminate|delete|stop)\\b(?: (?:from )?(?:your|the|my|an?) [\\w +-]{1,30}?)?,? (?:you (?:must|need to|will need to|'ll need to|have to|can only|should) |please |simply |just )?(?:call|phone|telephone|ring|contact (?:us|customer (?:service|services|care|support)|our [\\w ]{1,20}? team) (?:by|via) (?:phone|telephone|mail|post|letter)|write to|send (?:us )?(?:a )?(?:signed |written )?(?:letter|fax)|email (?:support|us|customer \\w+) with|visit (?:a|one of our|our|your) [\\w ]{0,20}?(?:stores?|branch(?:es)?|offices?|clubs?|gyms?|locations?)|chat with (?:our|a) (?:retention|cancell?ation|loyalty) (?:team|agent)|mail us)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      "\\bcancel(?:l?ing|l?ations?)?\\b[\\w' -]{0,40}? by (?:calling|phoning|writing|phone|telephone|post|mail|letter|registered (?:mail|letter|post)|fax|visiting)\\b|\\bcancel(?:l?ations?|l?ing)(?: requests?)? (?:must|can only|may only|will only|are only|is only|only)(?: be)? (?:made |accepted |possible |requested |received |sent |submitted |done )?(?:in writing|by (?:phone|telephone|post|mail|letter|registered|fax|calling)|in person|via (?:phone|telephone|post|mail))|\\b(?:can|may|must) only be cancell?ed (?:in person|in writing|by (?:phone|telephone|post|mail|letter|calling))|\\bcancel\\w*[^.]{0,40}?(?:written notice|notice in writing|\\bin writing\\b)|(?:written notice|notice in writing|\\bin writing\\b)[^.]{0,20}?\\bto cancel\\b|\\b(?:cancell?ations?|cancell?ing|unsubscribing) (?:is|are) not (?:available|possible) online\\b|\\bonline cancell?ation is not (?:available|possible)\\b|\\bonly accept cancell?ations (?:sent |made )?(?:by|via|in) (?:post|mail|phone|writing|person)\\b|\\bcancel[\\w ]{0,40}?\\bin (?:store|person|a branch)\\b",
    ),
    unless: R(
      '\\b(?:or online|online or|in (?:your|my) account|from (?:your|my) account|in the app|in settings)\\b',
    ),
  },
  // ——— Sneaking ———
  {
    type: PATTERN_TYPES.hiddenCosts,
    pattern: R(
      `\\b${FEE} (?:fees?|charges?|costs?|surcharges?)\\b[^.]{0,40}?\\b(?:added|applied|charged|calculated|applies|apply|shown|payable|due)\\b[^.]{0,15}?\\b(?:at|during|on|in) (?:the )?(?:checkout|check-out|(?:final|last|payment|next) (?:step|page)|payment)\\b|\\b(?:exclud\\w*|(?:does|do) not include|not includ\\w*|plus|\\+) (?:the |a |an )?(?:mandatory |non-refundable |daily )?${FEE} (?:fees?|charges?|surcharges?)\\b|\\b(?:fees|charges|surcharges) (?:are )?not included in (?:the )?(?:displayed|shown|advertised|listed) price`,
    ),
  },
  {
    type: PATTERN_TYPES.hiddenSubscription,
    pattern: R(
      `\\bby (?:placing|completing|submitting|confirming|making) (?:your|this|the|a) (?:order|purchase|payment)\\b[^.]{0,80}?\\b(?:enrol\\w*|join|member\\w*|subscri\\w*|signed up|sign you up)\\b|\\b(?:automatic(?:ally)?|auto)[- ]?(?:enrol\\w*|signed up|sign(?:ed)? you up|join\\w*|subscrib\\w*)\\b[^.]{0,80}?${RECURRING}|\\b(?:free (?:trial|sample|gift)|one-time purchase|your (?:order|purchase))\\b[^.]{0,60}?\\b(?:becomes|turns into|converts? (?:in)?to|then renews|includes (?:automatic|a (?:free )?trial|membership|a membership|a subscription))\\b[^.]{0,60}?(?:subscription|membership|renews|${RECURRING})`,
    ),
  },
  {
    type: PATTERN_TYPES.sneakIntoBasket,
    pattern: R(
      `\\b(?:we(?:'ve| have) (?:added|included)|(?:has|have|was|were) been (?:added|included)|(?:was|were|is) added|(?:added|included) (?:automatically|for you)|automatically (?:added|included))\\b[^.]{0,60}?${PAID_EXTRA}|${PAID_EXTRA}[^.]{0,50}?\\b(?:has been|have been|was|were|is) (?:added|included)|${PAID_EXTRA}[^.]{0,30}?\\b(?:added|included) automatically\\b`,
    ),
  },
  // ——— Forced action ———
  {
    type: PATTERN_TYPES.forcedEnrollment,
    pattern: R(
      '\\b(?:create an account|sign up|register|log ?in|sign in|join(?: now| free| us)?|subscribe|enter your (?:email|e-mail|email address|phone number|mobile number)|provide your (?:email|e-mail|phone number)|give us your (?:email|e-mail|number)|download (?:our|the) app|install (?:our|the) app|get (?:our|the) app|download it|install it|open (?:it )?in the app|accept all cookies)(?: now| today| free| for free)?\\s+(?:to|in order to)\\s+(?:continue(?! as a guest| as guest)|keep (?:reading|browsing|shopping)|see (?:the |your |our |this |all )?(?:sale |member |full |best |real )?(?:price|prices|discount|offer|deal|full)|view (?:this|the|our) (?:offer|deal|price|article|content|page|product|discount)|view (?:the )?(?:full )?(?:product )?(?:details|description|specs|prices?)|view prices|read (?:more|this|the|full)|access (?:this|the|our|member|members\\x27?|exclusive|all)|unlock|check ?out|complete (?:your |the |this )?(?:purchase|order|booking|checkout|check-out|payment)|proceed|buy\\b|purchase\\b|place (?:an|your) order|shop\\b|browse|download\\b|continue to)',
    ),
  },
  {
    type: PATTERN_TYPES.forcedEnrollment,
    pattern: R(
      '\\b(?:an )?(?:account|membership|registration|sign-up|log ?in|log-in|sign-in) (?:is )?(?:required|needed|necessary|mandatory) (?:to|for|in order to) (?:place|buy|purchase|check ?out|continue|order|complete|book|view|see)|\\bguest checkout is (?:not available|unavailable|disabled)\\b|\\bby (?:signing up|registering|creating an account|ordering|checking out)\\b[^.]{0,30}?\\b(?:agree|consent) to (?:receive|receiving|get|getting) (?:promotional|marketing|our|sms|text)|\\b(?:must|have to|need to) (?:agree|consent|opt in|subscribe|sign up)\\b[^.]{0,40}?\\b(?:marketing|promotional|newsletter|offers)\\b|\\b(?:marketing|newsletter|promotional)\\b[^.]{0,30}?\\b(?:is |are )?(?:required|mandatory) to\\b',
    ),
  },
  // ——— Broader wording, added after the first look at the hand-written hold-out ———
  {
    type: PATTERN_TYPES.limitedTime,
    short: true,
    pattern: R(
      '\\b(?:prices?|costs?|rates?|fares?) (?:will )?(?:rise|rises|go up|goes up|increase|increases|jump|jumps)\\b[^.]{0,20}?\\b(?:soon|tomorrow|tonight|at midnight|next week|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\\b|\\btime is running out\\b|\\brunning out of time\\b|\\blast (?:few )?(?:hours|days|minutes)\\b (?:of|to|for|left)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b(?:only|just) \\d+ (?:days?|hours?|hrs?|minutes?|mins?) to go\\b|\\b(?:order|buy|shop|book|check ?out)\\b[\\w ]{0,15}? (?:with)?in (?:the next )?${TIME_LEFT}\\s*(?:and|to) (?:get|receive|claim|unlock|save) (?:a |an |your |an extra )?(?:free|\\d+ ?%|extra|bonus|discount|gift)`,
    ),
  },
  {
    type: PATTERN_TYPES.lowStock,
    pattern: R(
      `\\b(?:only|just) ${NUM} (?:in stock|available(?: (?:at this price|now|today))?)\\b|\\blimited (?:quantit(?:y|ies)|supply|supplies|availability|numbers)\\b(?! last)|\\bstock is (?:limited|low|running (?:out|low))\\b|\\blast (?:one|pair|piece|unit)\\b(?! (?:of the|in the series|order|updated))|\\blast few (?:[\\w-]+ )?(?:left|remaining|in stock)\\b|\\blast few (?:items|pieces|pairs|units)\\b|\\blast \\d+ (?:in stock|left|remaining)\\b|\\blast (?:items?|rooms?|seats?|tickets?) (?:left|available|remaining|in stock|at this price)|\\b(?:a |very )?few (?:items |pieces |units |pairs )?left\\b(?!-)`,
    ),
    unless: R('\\bwhile (?:supplies|stocks?) last\\b'),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\bsomeone (?:(?:in|from) [\\w .'-]{2,30}? )?(?:just|recently) (?:bought|purchased|ordered|booked)\\b|\\bin \\d[\\d,]* (?:other )?(?:people'?s |shoppers'? )?(?:baskets|carts|bags|wishlists)\\b|\\b\\d[\\d,]*\\+? (?:${PEOPLE} )?(?:have )?(?:bought|purchased|ordered|booked|sold|signed up|joined)(?: (?:this|it|these))? (?:this (?:week|month)|yesterday)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.testimonial,
    short: true,
    pattern: R(
      '"[^"]{6,200}(?:!|\\b(?:best|never|ever|amazing|incredible|life|changed|worth|miracle|perfect|love|vanished|gone)\\b)[^"]{0,200}"\\s*-\\s*(?:[a-z]{2,15}(?:, \\d{2}| \\(\\d{2}\\))|(?:a |one )?(?:happy |satisfied |real |loyal |delighted )?(?:customer|buyer|shopper|client|user))\\s*$',
    ),
    unless: R('\\bverified\\b'),
  },
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "\\bi (?:like|love|enjoy|prefer) (?:missing out|paying (?:full|more)|full price|being (?:bored|broke|uninformed|ugly|unhealthy|left behind))\\b|\\bi(?:'ll| will|'d| would)? (?:prefer|take|pay|choose) (?:the )?full price\\b|\\b(?:and|to) (?:miss|lose) (?:out on )?(?:all )?(?:of )?(?:our |your |the |these |my )?(?:amazing |great |exclusive |best |member )?(?:deals|savings|offers|discounts|rewards|perks|benefits)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: R(
      '\\bby not (?:checking|ticking|unchecking|unticking|selecting)\\b|\\bif you do not (?:un)?(?:check|tick) (?:this|the) box\\b',
    ),
  },
  {
    type: PATTERN_TYPES.pressuredSelling,
    short: true,
    pattern: R(
      "\\b(?:don'?t|do not) (?:leave|go) without (?:your|claiming|the)\\b|\\((?:not recommended|risky|not advised|at your own risk)\\)|\\b(?:continue|proceed|skip|go on|check ?out) without (?:protection|insurance|cover(?:age)?|warranty)\\b[^.]{0,20}?\\b(?:risk|risky|not recommended|unprotected)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      '\\bto (?:cancel|end|close|terminate)\\b[^.]{0,40}?\\b(?:visit|go to|come to) (?:a|one of our|our|your|the) [\\w ]{0,20}?(?:front desk|reception|counter|service desk)\\b|\\bto cancel\\b[^.]{0,30}?\\b(?:mail|post|send|fax|return|print and (?:mail|post|send)) (?:us )?(?:the |a |this |our )?(?:signed |completed |written |cancell?ation )*(?:form|letter|notice|request)\\b|\\bcancell?(?:ation|ations|ing)\\b[\\w ]{0,20}? only (?:by|via|through|in) (?:phone|telephone|post|mail|letter|certified|registered|writing|person|fax|calling)\\b|\\b(?:call|phone|ring|telephone)\\b[\\w +().-]{0,30}? to cancel\\b(?! (?:an|your|the|this) order)|\\bcancel\\w*\\??[^.]{0,20}?\\b(?:speak|talk|chat) (?:to|with) (?:one of )?(?:our|an?) (?:advisors?|agents?|team|specialists?|representatives?)\\b',
    ),
    unless: R(
      '\\b(?:or online|online or|in (?:your|my) account|from (?:your|my) account|in the app|in settings)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.hiddenCosts,
    pattern: R(
      `\\b${FEE} (?:fees?|charges?|surcharges?) (?:is |are )?not included\\b|\\b(?:exclud\\w*|(?:does|do) not include|not includ\\w*|plus) (?:the |a |an )?(?:[$€£]\\s?\\d[\\d.,]* )?(?:mandatory |non-refundable |daily )?${FEE} (?:fees?|charges?|surcharges?)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.hiddenSubscription,
    pattern: R(
      `\\bby (?:ordering|purchasing|buying|checking out)\\b[^.]{0,40}?\\b(?:enrol\\w*|join|member\\w*|subscri\\w*|signed up)\\b[^.]{0,40}?(?:${RECURRING}|/ ?quarter|per quarter|quarterly)`,
    ),
  },
  {
    type: PATTERN_TYPES.sneakIntoBasket,
    pattern: R(`${PAID_EXTRA}[^.]{0,20}?\\badded\\s*\\((?:[$€£+]|\\d)`),
  },
  {
    type: PATTERN_TYPES.forcedEnrollment,
    pattern: R(
      '\\bcreate (?:an|a|your)(?: free)? account (?:to|in order to) (?:continue|buy|purchase|check ?out|order|see|view|shop|access|unlock|book)\\b|\\b(?:need|must have|require|requires) an? (?:account|membership|login)\\b[^.]{0,10}?\\bto (?:check ?out|buy|purchase|continue|order|see|view|book)\\b|\\b(?:must|need to|have to) be (?:a )?(?:member|registered|logged in|signed in|subscriber)\\b[^.]{0,10}?\\bto (?:purchase|buy|check ?out|order|see|view|continue|access|book)\\b|\\b(?:share|invite|tag)\\b[^.]{0,30}?\\bto (?:unlock|continue|access|see)\\b|\\b(?:allow|enable|turn on|accept) (?:all )?(?:push )?(?:notifications|cookies|location|tracking) (?:to|in order to) (?:continue|proceed|shop|browse|see|view|access|use)\\b',
    ),
  },
  // ——— Broader still, after the first look at hold-out 2 ———
  {
    type: PATTERN_TYPES.limitedTime,
    short: true,
    pattern: R(
      "\\b(?:sale|offer|deal|promo\\w*|discount|coupon|code|savings?|prices?)s?\\b[^.]{0,20}?\\b(?:ends?|ending|expires?|closes?|finish(?:es)?|over)\\b[^.]{0,20}?\\b(?:today|tonight|midnight|soon)\\b|\\b\\d{1,3}[- ]hours? (?:flash )?(?:sale|deal|offer|only)\\b|\\bflash (?:sale|deal)s?\\b|\\bwhile you (?:still )?can\\b|\\bnot for long\\b|\\bwon'?t be (?:here|around) (?:for )?long\\b",
    ),
  },
  {
    type: PATTERN_TYPES.limitedTime,
    short: true,
    pattern: R('\\b(?:final|last) (?:hours|day|days|call|opportunity)\\b'),
    unless: R('\\b(?:deliver\\w*|dispatch\\w*|shipping|ship|post(?:age|ing)?|orders? for)\\b'),
  },
  {
    type: PATTERN_TYPES.countdown,
    pattern: R(
      `\\b\\d{1,2} ?d(?:ays?)?:? \\d{1,2} ?h(?:rs?|ours?)?:? \\d{1,2} ?m(?:ins?)?\\b|\\b\\d{1,2} ?h \\d{1,2} ?m \\d{1,2} ?s\\b|\\bcountdown\\b[^.]{0,10}?\\d|\\b(?:locked|guaranteed|held|reserved) for (?:the next |another )?(?:\\d{1,2}\\s*:\\s*\\d{2}|\\d+ ?(?:m|mins?|minutes?|s|secs?|seconds?)\\b)`,
    ),
  },
  {
    type: PATTERN_TYPES.highDemand,
    pattern: R('\\b(?:likely|expected|set|about|going) to sell out\\b|\\bwill sell out\\b'),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b(?:bought|purchased|ordered|booked|signed up|subscribed)\\b[^.]{0,40}?\\b\\d+ ?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|m) ago\\b|\\b(?:bought|purchased|ordered|booked|viewed|sold) \\d[\\d,]*\\+? times\\b|\\b\\d[\\d,]*\\+? ${PEOPLE} (?:have |has )?(?:added|put|saved) (?:this|it)\\b[^.]{0,10}?\\b(?:to|in) (?:their |the )?(?:carts?|baskets?|bags?|wishlists?)\\b|\\b\\d[\\d,]*\\+? (?:happy |satisfied )?(?:customers|buyers|shoppers|orders) (?:this (?:week|month)|today)\\b|\\b(?:just|recently) (?:bought|purchased|ordered|booked) by [a-z]{2,15}\\b|\\b\\d[\\d,]*\\+? (?:${PEOPLE} )?(?:have )?(?:bought|purchased|ordered|booked|sold|signed up|joined)(?: (?:this|it|these)(?: [\\w-]+)?)? (?:in (?:the )?(?:last|past) (?:\\d+ ?)?(?:minutes?|mins?|hours?|hrs?|h|days?|week)|today)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "\\bi (?:don'?t|do not) want (?:to )?(?:look|feel|be|get|become|sleep|live|stay)(?: \\w+)? (?:younger|better|healthier|thinner|fitter|smarter|richer|prettier|happier|slimmer|stronger|best|great|good|amazing|safe|protected|healthy|fit|young|beautiful|informed|happy|slim)\\b|\\bi'?m (?:happy|fine|ok|okay|content) (?:paying|to pay|with paying) (?:full|more|extra)\\b|^(?:no|nah|nope)\\b[^.]{0,40}?\\bfull price\\b|\\bi(?: (?:prefer|want)(?: to)?|'d rather|would rather|'ll|will) (?:stay|remain|fall|be left) (?:behind|uninformed|ignorant|in the dark|bored)\\b|\\b(?:keep|leave) me (?:uninformed|in the dark|ignorant|bored|behind)\\b|\\b(?:and|to) (?:miss|lose) (?:out on )?(?:my |the |your |this )?(?:deal|saving|offer|discount|reward|perk|benefit|gift)\\b|^(?:[^.?]*[?.] )?(?:no|nah|nope)\\b[,.!]? i (?:like|love|enjoy|prefer|want) (?:broken|paying|being|to pay|missing|losing|wasting|bad|ugly|slow|boring|risking)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: R("\\b(?:not|don'?t|do not|would not|wouldn'?t) (?:prefer|want|wish|like) not\\b"),
  },
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      "\\b(?:can|may|must) only be cancell?ed\\b[^.]{0,50}?\\bby (?:phone|telephone|post|mail|letter|calling|phoning|visiting)\\b|\\b(?:cannot|can'?t|can not|are unable to|do not|don'?t) (?:process|accept|handle|take) cancell?ations (?:online|by e-?mail|via (?:the )?(?:website|app))\\b|\\bcancell?ations? (?:cannot|can'?t|can not) be (?:made|done|processed) online\\b",
    ),
  },
  {
    type: PATTERN_TYPES.hiddenCosts,
    pattern: R(
      `\\b${FEE} (?:fees?|charges?|surcharges?)\\b[^.]{0,40}?\\b(?:payable|due|charged|collected|paid) (?:at|on|upon) (?:check-?in|arrival|the (?:property|hotel|venue)|pick-?up|collection)\\b|(?:^|\\s)\\+ ?(?:[$€£]\\s?\\d[\\d.,]* )?(?:mandatory |daily )?${FEE} (?:fees?|charges?|surcharges?)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.hiddenSubscription,
    pattern: R(
      `\\bfree (?:trial|sample|gift|bottle|box|item|product|pack)\\b[^.]{0,40}?\\b(?:comes with|includes|is part of|starts)\\b[^.]{0,20}?\\b(?:subscription|membership)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.sneakIntoBasket,
    pattern: R(
      `${PAID_EXTRA}[^.]{0,20}?\\badded(?: to (?:your |the )?(?:cart|basket|bag|order|booking))?\\s*[(:-]?\\s*[+$€£]`,
    ),
  },
  // ——— And after the first look at hold-out 3 ———
  {
    type: PATTERN_TYPES.limitedTime,
    short: true,
    pattern: R(
      '\\bbefore (?:it|they|the (?:deal|offer|sale|discount|price|code|coupon)) (?:expires?|ends?|runs? out|goes? up|disappears?)\\b|\\b(?:early[- ]bird|introductory|launch) (?:pricing|prices?|rates?|offer|discount)\\b[^.]{0,20}?\\b(?:ends?|ending|expires?|closes?)\\b[^.]{0,15}?\\b(?:today|tonight|tomorrow|soon|midnight)\\b|\\b(?:sale|offer|deal|promo\\w*|discount|coupon|code|savings?|prices?|pricing)\\b[^.]{0,20}?\\b(?:ends?|ending|expires?|closes?)\\b (?:tomorrow|this weekend)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.lowStock,
    pattern: R(
      '\\b(?:very |only |just )?(?:a )?few (?:items |pieces |units |pairs |seats |rooms |tickets )?remaining\\b|\\b(?:almost|nearly) out of (?:stock|this|these|it|them)\\b|\\bstock (?:is )?running out\\b|\\brunning out of stock\\b',
    ),
  },
  {
    type: PATTERN_TYPES.activity,
    pattern: R(
      `\\b\\d[\\d,]*\\+? ${PEOPLE} (?:have )?(?:viewed|visited|looked at|watched) (?:this|it)(?: [\\w-]+)? (?:in the (?:last|past)|today|this (?:hour|morning|afternoon|evening))\\b|\\b(?!(?:you|we|i|they|it|she|he|this|that)\\b)[a-z]{2,15} (?:[a-z]\\. )?(?:just|recently) (?:bought|purchased|ordered|booked|signed up|subscribed|joined)\\b`,
    ),
  },
  {
    type: PATTERN_TYPES.testimonial,
    short: true,
    pattern: R('"[^"]{6,200}!"\\s*-\\s*[a-z]{2,15}\\s*$'),
    unless: R('\\bverified\\b'),
  },
  {
    type: PATTERN_TYPES.hiddenCosts,
    pattern: R(
      `\\b(?:don'?t|doesn'?t) include (?:the |a |an )?(?:mandatory |non-refundable |daily )?${FEE} (?:fees?|charges?|surcharges?)\\b`,
    ),
  },
  // ——— And after the first look at hold-out 4 ———
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: R(
      "\\b(?:leave|keep) (?:this |the )?(?:box |option )?(?:un(?:checked|ticked|selected)|empty|blank) if you (?:do not|don'?t|would not|wouldn'?t|would rather not|prefer not|would prefer not)\\b",
    ),
  },
  // ——— And after the first look at hold-out 5 ———
  {
    type: PATTERN_TYPES.limitedTime,
    short: true,
    pattern: R(
      '\\b(?:sale|offer|deal|promo\\w*|discount|coupon|code|savings?|prices?|pricing)\\b[^.]{0,20}?\\b(?:ends?|ending|expires?|closes?)\\b at \\d{1,2}(?::\\d{2})? ?(?:am|pm)\\b|\\bonly (?:hours|days|minutes) (?:left|remain|remaining|to go)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.lowStock,
    pattern: R(
      `\\bstock(?: level)?: ?(?:low|very low|limited|running out)\\b|\\b(?:only|just) ${NUM} (?:[\\w-]+ )?remain\\b`,
    ),
  },
  { type: PATTERN_TYPES.highDemand, pattern: R('\\bdemand is (?:very |extremely |so )?high\\b') },
  {
    type: PATTERN_TYPES.activity,
    pattern: R('\\badded to (?:carts?|baskets?|bags?|wishlists?) \\d[\\d,]* times\\b'),
  },
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "^(?:no\\b[,.!]?(?: (?:thanks|thank you)[,.!]?)? )?i (?:don'?t|do not) want (?:a |an |any |the )(?:discount|deal|saving|offer|reward|free \\w+)\\b|\\bi (?:don'?t|do not) want to (?:protect|insure|secure|look after|take care of) (?:my|our)\\b|\\bi'?ll risk (?:it|losing|missing|my)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.trickQuestion,
    pattern: R("\\b(?:not|don'?t) (?:receive|get|send|want) (?:no|none)\\b"),
  },
  {
    type: PATTERN_TYPES.pressuredSelling,
    short: true,
    pattern: R(
      '\\b\\d+ (?:out )?of (?:every )?\\d+ (?:customers|shoppers|buyers|people|travell?ers) (?:also )?(?:add|choose|pick|upgrade|protect)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      '\\bcancell?ation (?:requires|needs|involves) (?:a |an )?(?:visit|call|phone call|letter|written|signed)\\b',
    ),
  },
  // ——— And after the first look at hold-out 6 ———
  {
    type: PATTERN_TYPES.highDemand,
    short: true,
    pattern: R('^in demand\\b|\\bin demand\\s*[-!:]'),
  },
  {
    type: PATTERN_TYPES.lowStock,
    pattern: R(
      '\\b(?:a |very )?few (?:seats|rooms|tickets|spots|places|sizes) (?:left|remaining)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.confirmshaming,
    short: true,
    pattern: R(
      "^(?:nah|nope)\\b[,.!]? i (?:don'?t|do not) (?:want|like|need)\\b|\\bi'?m (?:fine|happy|ok|okay|content) (?:with )?(?:missing out|losing|being left out)\\b|^(?:no,? )?i'?ll take (?:the|my|that) (?:risk|chances?)\\b",
    ),
  },
  {
    type: PATTERN_TYPES.hardToCancel,
    pattern: R(
      "\\b(?:cannot|can'?t|can not) (?:be )?cancell?(?:ed)? online\\b|\\bcancel\\w*\\b[^.]{0,40}?\\bby (?:sending|posting|mailing) (?:us )?(?:a |an |the )?(?:signed |written )?(?:letter|form|notice)\\b",
    ),
    unless: R(
      '\\b(?:or online|online or|in (?:your|my) account|from (?:your|my) account|in the app|in settings)\\b',
    ),
  },
  {
    type: PATTERN_TYPES.sneakIntoBasket,
    pattern: R(
      `${PAID_EXTRA}[^.]{0,20}?\\bincluded in (?:your|the) (?:booking|order|basket|cart|bag)\\b\\s*\\(?\\s*[+$€£]`,
    ),
  },
];
