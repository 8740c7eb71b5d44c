// A judged test collection built for Frenly's relevance harness (issue 16): ambiguous one-word
// queries whose senses are subtopics, name-collision sites whose domain and title carry the
// query word but whose content is about something else (the "metamorphosis" case: a foundation
// and a company named after the word), and specific two- and three-word queries, some of whose
// relevant pages lack one of the words. Written by hand for this repository; no public
// collection's text or judgments are copied (AMBIENT and ODP-239 are reserved for independent
// evaluation and must never be used here).
//
// Grades: 2 a page about the query's sense; 1 a page that touches it; 0 (unlisted) the rest.

export interface JudgedDoc {
  readonly url: string;
  readonly title: string;
  readonly description: string;
}

export interface JudgedQuery {
  readonly query: string;
  readonly kind: 'ambiguous' | 'specific';
  /** url -> grade (1 or 2). */
  readonly grades: ReadonlyMap<string, number>;
  /** url -> subtopic, for the relevant documents. */
  readonly subtopicOf: ReadonlyMap<string, string>;
  readonly subtopics: readonly string[];
}

/** [url, title, description] of a page about one sense; the first of each sense is graded 2, the others 1. */
type Page = readonly [string, string, string];

interface Topic {
  readonly query: string;
  /** Sense -> its pages. */
  readonly senses: Readonly<Record<string, readonly Page[]>>;
  /** Sites named after the word, about something else. */
  readonly collisions: readonly Page[];
  /** Specific queries about one sense: [query, sense]. */
  readonly specific?: readonly (readonly [string, string])[];
}

const TOPICS: readonly Topic[] = [
  {
    query: 'metamorphosis',
    senses: {
      kafka: [
        [
          'https://www.litsummaries.net/kafka',
          'The Metamorphosis by Franz Kafka: summary and analysis',
          "Kafka's novella about Gregor Samsa, who wakes up transformed into an insect; themes of metamorphosis, alienation and family.",
        ],
        [
          'https://www.bookclubnotes.org/classics',
          'Classic novellas for book clubs',
          'Discussion guides for short classics, from Kafka and his Metamorphosis to Tolstoy and Melville.',
        ],
      ],
      biology: [
        [
          'https://www.insectlife.edu/metamorphosis',
          'Insect metamorphosis: complete and incomplete',
          'How caterpillars become butterflies: egg, larva, pupa and adult stages of complete metamorphosis in insects.',
        ],
        [
          'https://www.frogwatch.org/lifecycle',
          'The frog life cycle',
          'Tadpoles grow legs and lose their tails: amphibian metamorphosis explained for students.',
        ],
      ],
      ovid: [
        [
          'https://www.classicstexts.org/ovid',
          "Ovid's Metamorphoses: the myths of transformation",
          'The Latin epic poem of fifteen books, from the creation to Julius Caesar, and its metamorphosis myths.',
        ],
      ],
    },
    collisions: [
      [
        'https://metamorphosis.org.mk/',
        'Metamorphosis Foundation',
        'A civil society foundation in Skopje working on internet freedom, e-government and media literacy in North Macedonia.',
      ],
      [
        'https://www.metamorphosis.co.nz/',
        'Metamorphosis Ltd',
        'Commercial interior fit-outs and office refurbishment for businesses in Auckland.',
      ],
      [
        'https://metamorphosis-salon.com/',
        'Metamorphosis Hair Salon',
        'Haircuts, colouring and styling; book your appointment online.',
      ],
    ],
    specific: [
      ['kafka metamorphosis summary', 'kafka'],
      ['insect metamorphosis stages', 'biology'],
    ],
  },
  {
    query: 'zodiac',
    senses: {
      astrology: [
        [
          'https://www.starsigns.net/',
          'The twelve zodiac signs and their dates',
          'Aries to Pisces: personality traits, elements and compatibility of each zodiac sign in astrology.',
        ],
        [
          'https://www.horoscopedaily.com/',
          'Daily horoscope',
          'Your horoscope for today, by star sign, with love and career forecasts.',
        ],
      ],
      killer: [
        [
          'https://www.truecrimearchive.org/zodiac',
          'The Zodiac Killer case files',
          'The unsolved serial murders in Northern California in the late 1960s, the ciphers sent to newspapers, and the suspects.',
        ],
        [
          'https://www.cipherhistory.net/',
          'Famous unsolved ciphers',
          'From the Voynich manuscript to the Zodiac 340 cipher solved in 2020.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.zodiac-watches.com/',
        'Zodiac Watches',
        'Swiss dive watches since 1882: shop the Super Sea Wolf collection.',
      ],
      [
        'https://zodiac-marine.com/',
        'Zodiac Nautic',
        'Inflatable boats and RIBs for leisure and professional use.',
      ],
    ],
    specific: [['zodiac killer cipher', 'killer']],
  },
  {
    query: 'jaguar',
    senses: {
      animal: [
        [
          'https://www.bigcatfacts.org/jaguar',
          'Jaguar (Panthera onca): facts and habitat',
          'The largest cat of the Americas, its rainforest habitat, diet, and conservation status.',
        ],
        [
          'https://www.rainforestwildlife.org/',
          'Rainforest wildlife of the Amazon',
          'Animals of the Amazon basin: jaguars, sloths, macaws and river dolphins.',
        ],
      ],
      car: [
        [
          'https://www.carreviews.com/jaguar',
          'Jaguar cars: models, prices and reviews',
          'Reviews of the Jaguar F-Pace, E-Pace and the electric I-Pace, with prices and test drives.',
        ],
        [
          'https://www.britishmotoring.net/',
          'British car makers',
          'Aston Martin, Jaguar, Land Rover and Mini: the history of British motoring brands.',
        ],
      ],
    },
    collisions: [
      [
        'https://jaguar-hosting.net/',
        'Jaguar Hosting',
        'Cheap web hosting, domains and email for small businesses.',
      ],
      [
        'https://www.jaguarpaints.com/',
        'Jaguar Paints',
        'Interior and exterior house paints, primers and varnishes.',
      ],
    ],
    specific: [
      ['jaguar rainforest habitat', 'animal'],
      ['jaguar electric car review', 'car'],
    ],
  },
  {
    query: 'python',
    senses: {
      language: [
        [
          'https://www.learnpython.org/',
          'Learn Python programming',
          'Interactive Python tutorial: variables, lists, list comprehensions, functions and classes.',
        ],
        [
          'https://www.codingguides.net/comprehensions',
          'List comprehensions explained',
          'Build lists from loops in one readable line, in Python and other programming languages.',
        ],
      ],
      snake: [
        [
          'https://www.reptilecare.org/pythons',
          'Pythons: species and care',
          'Ball pythons, Burmese pythons and reticulated pythons: the large constricting snakes and how to keep them.',
        ],
        [
          'https://www.snakesoftheworld.org/',
          'Snakes of the world',
          'Venomous snakes and constrictors, from cobras and vipers to boas and pythons.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.python-consulting.de/',
        'Python Consulting GmbH',
        'Management consulting for mid-sized companies in Munich.',
      ],
    ],
    specific: [
      ['python list comprehension', 'language'],
      ['ball python care', 'snake'],
    ],
  },
  {
    query: 'mercury',
    senses: {
      planet: [
        [
          'https://www.solarsystemguide.org/mercury',
          'Mercury, the smallest planet',
          'The planet closest to the Sun: its orbit, craters, temperature extremes and the MESSENGER mission.',
        ],
        [
          'https://www.planetfacts.net/',
          'Facts about the planets',
          'Mercury, Venus, Earth and Mars: the rocky planets of the inner solar system.',
        ],
      ],
      element: [
        [
          'https://www.periodictable.info/hg',
          'Mercury (Hg): the liquid metal',
          'The chemical element mercury, a metal liquid at room temperature: properties, boiling point and toxicity.',
        ],
        [
          'https://www.chemsafety.org/heavy-metals',
          'Heavy metal poisoning',
          'Lead, cadmium and mercury exposure: symptoms and safety.',
        ],
      ],
      freddie: [
        [
          'https://www.queenhistory.com/freddie',
          'Freddie Mercury biography',
          'The lead singer of Queen: his life, his voice and the songs Bohemian Rhapsody and Somebody to Love.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.mercury-insurance.com/',
        'Mercury Insurance',
        'Car, home and business insurance quotes.',
      ],
      ['https://mercurymarine.com/', 'Mercury Marine', 'Outboard engines and boat motors.'],
    ],
    specific: [
      ['mercury boiling point', 'element'],
      ['freddie mercury queen', 'freddie'],
    ],
  },
  {
    query: 'java',
    senses: {
      language: [
        [
          'https://www.javatutorials.dev/',
          'Java programming tutorial',
          'Learn Java: classes, objects, generics, the JVM and building applications with Maven.',
        ],
        [
          'https://www.jvmlanguages.org/',
          'Languages of the JVM',
          'Java, Kotlin, Scala and Clojure compile to bytecode for the Java virtual machine.',
        ],
      ],
      island: [
        [
          'https://www.indonesiatravel.org/java',
          'Java island travel guide',
          'Visit Java, the most populous island of Indonesia: Jakarta, Yogyakarta, Borobudur temple and volcanoes.',
        ],
        [
          'https://www.volcanodiscovery.net/indonesia',
          'Volcanoes of Indonesia',
          'Bromo, Merapi and Krakatoa: active volcanoes of Java and Sumatra.',
        ],
      ],
      coffee: [
        [
          'https://www.coffeeorigins.com/java',
          'Java coffee: history and taste',
          'Coffee grown on the island of Java since Dutch colonial times; why coffee is called java.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.javahouse-cafe.com/',
        'Java House',
        'Restaurant chain in Nairobi serving breakfast and burgers.',
      ],
    ],
    specific: [
      ['java island volcanoes', 'island'],
      ['java coffee history', 'coffee'],
    ],
  },
  {
    query: 'scorpion',
    senses: {
      animal: [
        [
          'https://www.arachnids.org/scorpions',
          'Scorpions: venom, habitat and species',
          'Scorpions are arachnids with pincers and a venomous sting; deserts, stings and the deathstalker.',
        ],
        [
          'https://www.desertanimals.net/',
          'Desert animals',
          'Camels, fennec foxes, scorpions and rattlesnakes adapted to heat and drought.',
        ],
      ],
      band: [
        [
          'https://www.rockhistory.net/scorpions',
          'Scorpions, the German rock band',
          'The Hannover hard rock band of Wind of Change and Rock You Like a Hurricane.',
        ],
      ],
      game: [
        [
          'https://www.fightinggamewiki.net/scorpion',
          'Scorpion (Mortal Kombat)',
          'The ninja spectre of the Mortal Kombat series, his spear and the line "Get over here".',
        ],
      ],
    },
    collisions: [
      [
        'https://scorpion-security.co.uk/',
        'Scorpion Security Systems',
        'CCTV and alarm installation in Leeds.',
      ],
      [
        'https://www.scorpionexhaust.com/',
        'Scorpion Exhausts',
        'Performance exhaust systems for motorcycles and cars.',
      ],
    ],
    specific: [['scorpion venom sting', 'animal']],
  },
  {
    query: 'hornet',
    senses: {
      insect: [
        [
          'https://www.waspsandbees.org/hornets',
          'Hornets: the largest wasps',
          'The European hornet and the Asian giant hornet: nests, stings and how hornets differ from wasps.',
        ],
        [
          'https://www.gardenpests.net/wasps',
          'Wasp nests in the garden',
          'How to deal safely with wasp and hornet nests near the house.',
        ],
      ],
      aircraft: [
        [
          'https://www.militaryaircraft.info/fa18',
          'F/A-18 Hornet fighter',
          'The twin-engine carrier-based fighter of the US Navy and its Super Hornet successor.',
        ],
      ],
    },
    collisions: [
      ['https://hornet.com/', 'Hornet', 'A social network app; download for iOS and Android.'],
      ['https://www.hornetbikes.com/', 'Hornet Bikes', 'Kids bicycles and balance bikes.'],
    ],
    specific: [['asian giant hornet nest', 'insect']],
  },
  {
    query: 'labyrinth',
    senses: {
      myth: [
        [
          'https://www.greekmyths.org/labyrinth',
          'The Labyrinth of Crete and the Minotaur',
          'Daedalus built the labyrinth for King Minos; Theseus killed the Minotaur with the help of Ariadne.',
        ],
        [
          'https://www.mythologyguide.net/',
          'Greek mythology guide',
          'Gods, heroes and monsters: Zeus, Heracles, the Minotaur in its labyrinth and the Odyssey.',
        ],
      ],
      film: [
        [
          'https://www.filmarchive.net/labyrinth-1986',
          'Labyrinth (1986 film)',
          "Jim Henson's fantasy film with David Bowie as the Goblin King and Jennifer Connelly.",
        ],
      ],
      garden: [
        [
          'https://www.hedgemazes.org/',
          'Hedge mazes and garden labyrinths',
          'Walk the famous hedge mazes of Europe, and the meditative labyrinth in church gardens.',
        ],
      ],
    },
    collisions: [
      [
        'https://labyrinth-escape.com/',
        'Labyrinth Escape Rooms',
        'Escape room games for groups in Manchester.',
      ],
      ['https://www.labyrinthbooks.com/', 'Labyrinth Books', 'Independent bookstore in Princeton.'],
    ],
    specific: [['labyrinth minotaur myth', 'myth']],
  },
  {
    query: 'apple',
    senses: {
      fruit: [
        [
          'https://www.orchardguide.org/apples',
          'Apple varieties and orchards',
          'Growing apple trees: Granny Smith, Gala and Honeycrisp, pruning and harvest.',
        ],
        [
          'https://www.healthyfruit.net/',
          'Healthy fruit guide',
          'Apples, pears and berries: vitamins, fibre and seasonal fruit.',
        ],
      ],
      company: [
        [
          'https://www.techreviews.com/apple',
          'Apple iPhone and Mac reviews',
          'Reviews of the latest iPhone, MacBook and iPad from Apple, the Cupertino technology company.',
        ],
        [
          'https://www.smartphonecompare.net/',
          'Smartphone comparison',
          'Compare iPhone, Pixel and Galaxy phones: cameras, batteries and prices.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.applebees.com/',
        "Applebee's Grill",
        'Casual dining restaurant: menu and locations.',
      ],
    ],
    specific: [
      ['apple orchard varieties', 'fruit'],
      ['apple iphone review', 'company'],
    ],
  },
  {
    query: 'amazon',
    senses: {
      river: [
        [
          'https://www.riversoftheworld.org/amazon',
          'The Amazon River',
          'The largest river by discharge, flowing through Peru, Colombia and Brazil to the Atlantic; its basin and rainforest.',
        ],
        [
          'https://www.rainforestconservation.org/',
          'Rainforest conservation',
          'Deforestation in the Amazon basin and how to protect tropical forests.',
        ],
      ],
      company: [
        [
          'https://www.businesshistory.net/amazon',
          'Amazon: from online bookstore to cloud giant',
          'How Amazon grew from an online bookstore into retail, Prime and Amazon Web Services.',
        ],
      ],
      myth: [
        [
          'https://www.greekmyths.org/amazons',
          'The Amazons of Greek myth',
          'The warrior women of Greek mythology, their queen Hippolyta and the battle with Heracles.',
        ],
      ],
    },
    collisions: [
      [
        'https://amazonas-hotel.com/',
        'Amazonas Hotel',
        'A hotel in Manaus with pool and airport shuttle.',
      ],
    ],
    specific: [['amazon river basin', 'river']],
  },
  {
    query: 'phoenix',
    senses: {
      city: [
        [
          'https://www.arizonatravel.org/phoenix',
          'Phoenix, Arizona travel guide',
          'The capital of Arizona in the Sonoran desert: hiking Camelback Mountain, museums and desert heat.',
        ],
        [
          'https://www.uscities.net/southwest',
          'Cities of the American Southwest',
          'Phoenix, Tucson, Albuquerque and Las Vegas.',
        ],
      ],
      bird: [
        [
          'https://www.mythicalcreatures.org/phoenix',
          'The phoenix, the bird reborn from ashes',
          'The mythical firebird that dies in flames and rises again, in Greek, Egyptian and Chinese legend.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.phoenix-contact.com/',
        'Phoenix Contact',
        'Industrial connectors and automation components.',
      ],
      ['https://phoenixnap.com/', 'phoenixNAP', 'Bare metal cloud and data centre services.'],
    ],
    specific: [['phoenix arizona hiking', 'city']],
  },
  {
    query: 'titan',
    senses: {
      moon: [
        [
          'https://www.solarsystemguide.org/titan',
          "Titan, Saturn's largest moon",
          'A moon with a thick atmosphere and lakes of methane, explored by the Huygens probe.',
        ],
      ],
      myth: [
        [
          'https://www.greekmyths.org/titans',
          'The Titans of Greek mythology',
          'Cronus, Rhea, Atlas and Prometheus: the elder gods overthrown by Zeus.',
        ],
      ],
    },
    collisions: [
      ['https://www.titan-watches.in/', 'Titan Watches', 'Wrist watches for men and women.'],
      ['https://titanfitness.com/', 'Titan Fitness', 'Gym equipment, racks and barbells.'],
    ],
    specific: [['titan moon methane lakes', 'moon']],
  },
  {
    query: 'bass',
    senses: {
      fish: [
        [
          'https://www.anglersguide.net/bass',
          'Bass fishing for beginners',
          'Catching largemouth and smallmouth bass: lures, rods and the best lakes.',
        ],
        [
          'https://www.freshwaterfish.org/',
          'Freshwater fish species',
          'Trout, perch, pike and bass of lakes and rivers.',
        ],
      ],
      guitar: [
        [
          'https://www.musicgear.com/bass-guitars',
          'Bass guitar buying guide',
          'Four- and five-string electric bass guitars, amplifiers and how to learn bass lines.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.bassproshops.com/',
        'Bass Pro Shops',
        'Outdoor gear, hunting and camping equipment.',
      ],
    ],
    specific: [['largemouth bass lures', 'fish']],
  },
  {
    query: 'crane',
    senses: {
      bird: [
        [
          'https://www.birdguide.org/cranes',
          'Cranes: tall wading birds',
          'Sandhill cranes, whooping cranes and their dancing courtship and long migrations.',
        ],
      ],
      machine: [
        [
          'https://www.constructionmachines.net/cranes',
          'Tower cranes and mobile cranes',
          'How construction cranes lift heavy loads: tower cranes, crawler cranes and safety.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.crane-co.com/',
        'Crane Co.',
        'Diversified industrial manufacturer of valves and payment systems.',
      ],
    ],
    specific: [['whooping crane migration', 'bird']],
  },
  {
    query: 'mustang',
    senses: {
      horse: [
        [
          'https://www.wildhorses.org/mustangs',
          'Wild mustangs of the American West',
          'Free-roaming horses descended from Spanish horses, and their protection on public land.',
        ],
      ],
      car: [
        [
          'https://www.carreviews.com/mustang',
          'Ford Mustang review',
          'The Ford Mustang muscle car: the GT V8, the electric Mach-E and the history of the pony car.',
        ],
      ],
    },
    collisions: [
      ['https://www.mustang-jeans.com/', 'Mustang Jeans', 'Denim jeans and fashion since 1932.'],
    ],
    specific: [['ford mustang gt', 'car']],
  },
  {
    query: 'delta',
    senses: {
      river: [
        [
          'https://www.geographyguide.org/deltas',
          'River deltas and how they form',
          'Sediment deposits at river mouths: the Nile delta, the Mississippi delta and the Ganges delta.',
        ],
      ],
      airline: [
        [
          'https://www.airlinereviews.net/delta',
          'Delta Air Lines review',
          'Flying Delta: seats, baggage fees and the SkyMiles programme of the Atlanta airline.',
        ],
      ],
    },
    collisions: [
      ['https://www.deltafaucet.com/', 'Delta Faucet', 'Kitchen and bathroom faucets and showers.'],
    ],
    specific: [['nile river delta', 'river']],
  },
  {
    query: 'falcon',
    senses: {
      bird: [
        [
          'https://www.birdguide.org/falcons',
          'Falcons: the fastest birds',
          'The peregrine falcon dives at over 300 km/h; falconry and falcon species.',
        ],
      ],
      rocket: [
        [
          'https://www.spaceflightnow.net/falcon9',
          'Falcon 9 rocket',
          'The reusable SpaceX rocket and its booster landings; Falcon Heavy launches.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.falcon-structures.com/',
        'Falcon Structures',
        'Shipping container buildings and modular offices.',
      ],
    ],
    specific: [
      ['peregrine falcon speed', 'bird'],
      ['spacex falcon booster landing', 'rocket'],
    ],
  },
  {
    query: 'rust',
    senses: {
      language: [
        [
          'https://www.rustlearning.dev/',
          'The Rust programming language',
          'Memory safety without garbage collection: ownership, borrowing and cargo in Rust.',
        ],
      ],
      corrosion: [
        [
          'https://www.homerepair.net/rust',
          'How to remove rust from metal',
          'Iron oxide corrosion: removing rust with vinegar or a wire brush, and preventing it.',
        ],
      ],
    },
    collisions: [['https://rust-game.com/', 'Rust', 'A multiplayer survival video game.']],
    specific: [['rust ownership borrowing', 'language']],
  },
  {
    query: 'oracle',
    senses: {
      database: [
        [
          'https://www.databaseguides.net/oracle',
          'Oracle Database tutorial',
          'SQL and PL/SQL on Oracle Database: tables, indexes and backups.',
        ],
      ],
      delphi: [
        [
          'https://www.greekmyths.org/delphi',
          'The Oracle of Delphi',
          'The Pythia, priestess of Apollo at Delphi, and the prophecies sought by Greek cities.',
        ],
      ],
    },
    collisions: [
      ['https://www.oracle-bones-tea.com/', 'Oracle Tea Company', 'Loose leaf teas from Yunnan.'],
    ],
    specific: [['oracle of delphi prophecy', 'delphi']],
  },
  {
    query: 'shell',
    senses: {
      unix: [
        [
          'https://www.linuxcommand.net/shell',
          'The Unix shell: bash scripting',
          'Write shell scripts in bash: variables, loops, pipes and the command line.',
        ],
      ],
      seashell: [
        [
          'https://www.beachcombing.org/seashells',
          'Seashells: identifying shells on the beach',
          'Conch, cowrie, scallop and whelk shells of molluscs found on beaches.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.shellfuelcards.com/',
        'Shell Fuel Cards',
        'Fuel cards for fleets and businesses.',
      ],
    ],
    specific: [['bash shell scripting', 'unix']],
  },
  {
    query: 'ruby',
    senses: {
      gem: [
        [
          'https://www.gemstones.org/ruby',
          'Ruby gemstones',
          'The red variety of corundum: colour, clarity, value and the ruby mines of Myanmar.',
        ],
      ],
      language: [
        [
          'https://www.rubylearning.dev/',
          'Ruby programming for beginners',
          'The Ruby language and Ruby on Rails: blocks, gems and web applications.',
        ],
      ],
    },
    collisions: [
      ['https://www.rubytuesday.com/', 'Ruby Tuesday', 'Restaurant with salad bar and burgers.'],
    ],
    specific: [['ruby on rails tutorial', 'language']],
  },
  {
    query: 'sphinx',
    senses: {
      egypt: [
        [
          'https://www.egypthistory.org/sphinx',
          'The Great Sphinx of Giza',
          'The limestone statue with a lion body and human head beside the pyramids of Giza.',
        ],
      ],
      docs: [
        [
          'https://www.pythondocs.dev/sphinx',
          'Sphinx documentation generator',
          'Write documentation in reStructuredText and build HTML with the Sphinx tool for Python projects.',
        ],
      ],
    },
    collisions: [['https://sphinx-cosmetics.com/', 'Sphinx Cosmetics', 'Skin care and make-up.']],
    specific: [['great sphinx giza', 'egypt']],
  },
  {
    query: 'orion',
    senses: {
      constellation: [
        [
          'https://www.stargazing.org/orion',
          'The Orion constellation',
          "Finding Orion's belt, Betelgeuse and Rigel, and the Orion Nebula in the winter sky.",
        ],
      ],
      spacecraft: [
        [
          'https://www.spaceflightnow.net/orion',
          'Orion spacecraft',
          'The NASA crew capsule of the Artemis missions to the Moon.',
        ],
      ],
    },
    collisions: [
      ['https://www.orion-health.com/', 'Orion Health', 'Healthcare software for hospitals.'],
    ],
    specific: [['orion nebula stargazing', 'constellation']],
  },
  {
    query: 'pluto',
    senses: {
      planet: [
        [
          'https://www.solarsystemguide.org/pluto',
          'Pluto, the dwarf planet',
          'Why Pluto was reclassified in 2006, its moon Charon, and the New Horizons flyby.',
        ],
      ],
      dog: [
        [
          'https://www.cartoonhistory.net/pluto',
          'Pluto, the Disney dog',
          "Mickey Mouse's pet dog, first drawn in 1930.",
        ],
      ],
    },
    collisions: [['https://pluto.tv/', 'Pluto TV', 'Free streaming television channels.']],
    specific: [['pluto dwarf planet', 'planet']],
  },
  {
    query: 'corona',
    senses: {
      sun: [
        [
          'https://www.solarphysics.org/corona',
          'The solar corona',
          "The Sun's outer atmosphere, seen during a total solar eclipse, hotter than its surface.",
        ],
      ],
      virus: [
        [
          'https://www.healthinfo.org/coronavirus',
          'Coronavirus disease',
          'Covid-19, the disease caused by a corona virus: symptoms, vaccines and prevention.',
        ],
      ],
    },
    collisions: [['https://www.corona-extra.com/', 'Corona Extra', 'Mexican beer.']],
    specific: [['solar corona eclipse', 'sun']],
  },
  {
    query: 'pike',
    senses: {
      fish: [
        [
          'https://www.anglersguide.net/pike',
          'Northern pike fishing',
          'The predatory freshwater pike: lures, rigs and where to catch big pike.',
        ],
      ],
      weapon: [
        [
          'https://www.medievalweapons.org/pike',
          'The pike: a medieval polearm',
          'The long spear of Swiss and Scottish infantry, and pike and shot tactics.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.pikenursery.com/',
        'Pike Nurseries',
        'Garden centre: plants, trees and garden supplies.',
      ],
    ],
    specific: [['northern pike lures', 'fish']],
  },
  {
    query: 'swift',
    senses: {
      language: [
        [
          'https://www.swiftlearning.dev/',
          'Swift programming for iOS',
          "Apple's Swift language: optionals, closures and building apps with SwiftUI.",
        ],
      ],
      bird: [
        [
          'https://www.birdguide.org/swifts',
          'Swifts: birds that live in the air',
          'Common swifts eat, sleep and mate on the wing and migrate to Africa.',
        ],
      ],
      singer: [
        [
          'https://www.popmusic.net/taylor-swift',
          'Taylor Swift',
          'The singer-songwriter, her albums and the Eras Tour.',
        ],
      ],
    },
    collisions: [
      [
        'https://www.swift.com/',
        'SWIFT',
        'The global provider of secure financial messaging services.',
      ],
    ],
    specific: [['swiftui ios app', 'language']],
  },
  {
    query: 'saturn',
    senses: {
      planet: [
        [
          'https://www.solarsystemguide.org/saturn',
          'Saturn and its rings',
          'The ringed gas giant, its moons and the Cassini mission.',
        ],
      ],
      rocket: [
        [
          'https://www.spaceflightnow.net/saturn-v',
          'The Saturn V rocket',
          'The moon rocket of the Apollo programme, the most powerful ever flown until recently.',
        ],
      ],
    },
    collisions: [['https://www.saturn-electronics.de/', 'Saturn', 'Consumer electronics store.']],
    specific: [['saturn rings cassini', 'planet']],
  },
  {
    query: 'puma',
    senses: {
      animal: [
        [
          'https://www.bigcatfacts.org/puma',
          'The puma or cougar',
          'The mountain lion of the Americas: range, prey and encounters with people.',
        ],
      ],
    },
    collisions: [
      ['https://www.puma-sportswear.com/', 'Puma', 'Sports shoes and clothing.'],
      ['https://puma-browser.com/', 'Puma Browser', 'A private mobile web browser.'],
    ],
    specific: [['mountain lion puma range', 'animal']],
  },
];

/** Pages about nothing the queries ask for: every search has to rank past them. */
const BACKGROUND: readonly Page[] = [
  [
    'https://www.weatherlondon.net/',
    'London weather forecast',
    'Hourly and ten-day weather for London.',
  ],
  [
    'https://www.eggrecipes.org/boil',
    'How to boil an egg',
    'Soft, medium and hard boiled eggs: times and tips.',
  ],
  [
    'https://www.gardeningtips.net/',
    'Gardening tips',
    'Planting vegetables, composting and lawn care through the seasons.',
  ],
  [
    'https://www.personalfinance.org/',
    'Personal finance basics',
    'Budgeting, saving, and investing in index funds.',
  ],
  ['https://www.worldnews.net/', 'World news', 'Breaking international news and analysis.'],
  [
    'https://www.recipesdaily.com/',
    'Daily recipes',
    'Quick dinners, baking and vegetarian recipes.',
  ],
  [
    'https://www.footballscores.net/',
    'Football scores',
    'Live scores, fixtures and league tables.',
  ],
  [
    'https://www.languagelearning.org/',
    'Learn a language',
    'Spanish, French and German lessons for beginners.',
  ],
];

export interface JudgedCollection {
  readonly docs: readonly JudgedDoc[];
  readonly queries: readonly JudgedQuery[];
}

/** The documents (collision sites first, then background, then the relevant pages: ids do not favour relevant ones) and the judged queries. */
export function judgedCollection(): JudgedCollection {
  const docs: JudgedDoc[] = [];
  const seen = new Set<string>();
  const add = ([url, title, description]: Page) => {
    if (seen.has(url)) return;
    seen.add(url);
    docs.push({ url, title, description });
  };
  for (const topic of TOPICS) topic.collisions.forEach(add);
  BACKGROUND.forEach(add);
  for (const topic of TOPICS) for (const pages of Object.values(topic.senses)) pages.forEach(add);

  const queries: JudgedQuery[] = [];
  for (const topic of TOPICS) {
    queries.push(judged(topic.query, 'ambiguous', topic.senses, Object.keys(topic.senses)));
    for (const [query, sense] of topic.specific ?? [])
      queries.push(judged(query, 'specific', topic.senses, [sense]));
  }
  return { docs, queries };
}

function judged(
  query: string,
  kind: JudgedQuery['kind'],
  senses: Topic['senses'],
  relevantSenses: readonly string[],
): JudgedQuery {
  const grades = new Map<string, number>();
  const subtopicOf = new Map<string, string>();
  for (const sense of relevantSenses) {
    (senses[sense] ?? []).forEach(([url], index) => {
      grades.set(canonical(url), index === 0 ? 2 : 1);
      subtopicOf.set(canonical(url), sense);
    });
  }
  return { query, kind, grades, subtopicOf, subtopics: relevantSenses };
}

/** The url as the catalogue spells it. */
export function canonical(url: string): string {
  return new URL(url).href;
}
