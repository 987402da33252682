/** Videos of the academy ("Weinwissen"); two premieres lie in the future. */

export interface AcademyVideoSeed {
  slug: string;
  title: string;
  /** Publication relative to the seed date; positive values are premieres. */
  daysFromNow: number;
  shortDescription: string;
  description: string;
  keywords: readonly string[];
  vintage?: string;
  winery?: string;
  region?: string;
}

export const academyVideoSeeds: readonly AcademyVideoSeed[] = [
  {
    slug: 'was-macht-einen-grossen-bordeaux-aus',
    title: 'Was macht einen großen Bordeaux aus?',
    daysFromNow: -150,
    shortDescription: 'Terroir, Assemblage und Jahrgang: die drei Zutaten der großen Bordeaux-Weine.',
    description:
      '<p>Warum erzielt ein Premier Grand Cru aus Pauillac ein Vielfaches des Preises seines Nachbarn? Wir erklären, wie Kiesböden, der Cabernet Sauvignon und die Klassifikation von 1855 zusammenspielen.</p><p>Am Beispiel von Château Lafite Rothschild 2016 zeigen wir, woran Kritiker einen großen Jahrgang erkennen – und warum gerade diese Weine über Jahrzehnte an Wert gewinnen.</p>',
    keywords: ['Bordeaux', 'Terroir', 'Jahrgang', 'Investment'],
    vintage: 'lafite-2016',
    winery: 'lafite-rothschild',
    region: 'Bordeaux',
  },
  {
    slug: 'lagerung-im-zollfreilager-genf',
    title: 'Lagerung im Zollfreilager Genf',
    daysFromNow: -120,
    shortDescription:
      'Ein Blick hinter die Türen des Lagers: 13,5 °C, 70 % Luftfeuchtigkeit, 100 % versichert.',
    description:
      '<p>Ihre Weine lagern im Zollfreilager in Genf – bei konstant 13,5 °C und 70 % Luftfeuchtigkeit, vollständig versichert und jederzeit nachweisbar.</p><p>Wir zeigen, wie eine Kiste vom Négociant bis in das Regal gelangt, was die Zollreferenz (MRN) bedeutet und warum die perfekte Provenienz den Wiederverkaufswert sichert.</p>',
    keywords: ['Lagerung', 'Provenienz', 'Investment'],
  },
  {
    slug: 'burgund-grand-cru-premier-cru-village',
    title: 'Burgund: Grand Cru, Premier Cru und Village erklärt',
    daysFromNow: -90,
    shortDescription: 'Die Lagenpyramide Burgunds – und warum nur ein Prozent der Weine Grand Cru sind.',
    description:
      '<p>In Burgund entscheidet die Lage über alles. Wir erklären die Pyramide aus Regional-, Village-, Premier-Cru- und Grand-Cru-Weinen und zeigen sie an den Monopollagen der Domaine de la Romanée-Conti.</p><p>Außerdem: Wie die winzigen Mengen der Grands Crus die Preise treiben und worauf Sie bei Zuteilungen achten sollten.</p>',
    keywords: ['Burgund', 'Grand Cru', 'Terroir'],
    vintage: 'la-tache-2018',
    winery: 'romanee-conti',
    region: 'Burgund',
  },
  {
    slug: 'champagner-als-investment',
    title: 'Champagner als Investment: Jahrgang oder ohne?',
    daysFromNow: -60,
    shortDescription: 'Warum Prestige-Cuvées mit Jahrgang zu den stabilsten Werten im Weinmarkt zählen.',
    description:
      '<p>Champagner reift auf der Hefe und in der Flasche weiter – und wird dabei seltener. Wir vergleichen Jahrgangschampagner mit Non-Vintage-Cuvées und erklären den Liv-ex Champagne 50.</p><p>Im Fokus: Dom Pérignon 2015 und die Frage, wann ein Champagner seinen Höhepunkt erreicht.</p>',
    keywords: ['Champagner', 'Jahrgang', 'Investment'],
    vintage: 'dom-perignon-2015',
    winery: 'moet-chandon',
    region: 'Champagne',
  },
  {
    slug: 'bolgheri-und-die-super-toskaner',
    title: 'Bolgheri und die Super-Toskaner',
    daysFromNow: -45,
    shortDescription: 'Wie Cabernet an der toskanischen Küste eine neue Weinwelt begründete.',
    description:
      '<p>Als Sassicaia 1968 erstmals in den Handel kam, passte er in keine Kategorie. Heute ist Bolgheri eine der gefragtesten Appellationen Italiens.</p><p>Wir besuchen die Tenuta San Guido und sprechen über Klima, Böden und die Wertentwicklung der Super-Toskaner.</p>',
    keywords: ['Toskana', 'Terroir', 'Investment'],
    vintage: 'sassicaia-2019',
    winery: 'tenuta-san-guido',
    region: 'Toskana',
  },
  {
    slug: 'barolo-nebbiolo-zwischen-tradition-und-moderne',
    title: 'Barolo: Nebbiolo zwischen Tradition und Moderne',
    daysFromNow: -30,
    shortDescription:
      'Große Fässer, lange Reife: warum Monfortino der Maßstab des traditionellen Barolo ist.',
    description:
      '<p>Nebbiolo ist eine anspruchsvolle Rebsorte – und im Piemont entstehen aus ihr einige der langlebigsten Weine der Welt.</p><p>Wir erklären den Streit zwischen Traditionalisten und Modernisten und zeigen, warum der Barolo Riserva Monfortino von Giacomo Conterno zu den gesuchtesten Weinen Italiens zählt.</p>',
    keywords: ['Piemont', 'Terroir', 'Jahrgang'],
    vintage: 'monfortino-2015',
    winery: 'giacomo-conterno',
    region: 'Piemont',
  },
  {
    slug: 'subskription-en-primeur-erklaert',
    title: 'Subskription: En Primeur Schritt für Schritt',
    daysFromNow: -20,
    shortDescription: 'Wein kaufen, bevor er abgefüllt ist: Chancen und Ablauf der Primeur-Kampagne.',
    description:
      '<p>Jedes Frühjahr verkosten Kritiker in Bordeaux die Fassproben des letzten Jahrgangs, danach geben die Châteaus ihre Preise frei. Wer subskribiert, sichert sich die Weine zum Einstiegspreis.</p><p>Am Beispiel von Château Margaux 2025 zeigen wir, wie die Zuteilung funktioniert und wann die Flaschen ins Depot geliefert werden.</p>',
    keywords: ['Subskription', 'Bordeaux', 'Investment'],
    vintage: 'margaux-2025',
    winery: 'chateau-margaux',
    region: 'Bordeaux',
  },
  {
    slug: 'napa-valley-kultweine-aus-oakville',
    title: 'Napa Valley: Kultweine aus Oakville',
    daysFromNow: -10,
    shortDescription: 'Von Opus One bis Screaming Eagle: wie Kalifornien zur Sammlerregion wurde.',
    description:
      '<p>Die Verkostung von Paris 1976 machte das Napa Valley über Nacht berühmt. Heute gehören die Cabernets aus Oakville zu den teuersten Weinen der Welt.</p><p>Wir erklären, was einen Kultwein ausmacht, und warum Mailing-Listen und winzige Mengen die Preise am Sekundärmarkt bestimmen.</p>',
    keywords: ['Napa Valley', 'Investment', 'Kritiker'],
    vintage: 'screaming-eagle-2018',
    winery: 'screaming-eagle',
    region: 'Napa Valley',
  },
  {
    slug: 'wie-kritikerpunkte-den-weinpreis-bewegen',
    title: 'Wie Kritikerpunkte den Weinpreis bewegen',
    daysFromNow: 5,
    shortDescription: '100 Punkte und ihre Folgen: was Parker, Suckling und Vinous am Markt bewirken.',
    description:
      '<p>Eine 100-Punkte-Bewertung kann den Preis eines Weins über Nacht verdoppeln. Wir zeigen an Beispielen, wie stark Kritikerpunkte wirken, und erklären den Global Wine Score als Mittelwert vieler Stimmen.</p>',
    keywords: ['Kritiker', 'Investment'],
  },
  {
    slug: 'rhone-legenden-hermitage-und-cote-rotie',
    title: 'Rhône-Legenden: Hermitage und Côte-Rôtie',
    daysFromNow: 12,
    shortDescription: 'Syrah an den steilsten Hängen Frankreichs: Chave und Guigal im Porträt.',
    description:
      '<p>An der nördlichen Rhône wachsen die Reben auf Granit und Schiefer an Hängen mit bis zu 60 Prozent Steigung. Wir besuchen den Hügel von Hermitage und das Amphitheater der Côte-Rôtie.</p>',
    keywords: ['Rhône', 'Terroir'],
    winery: 'guigal',
    region: 'Rhône',
  },
];
