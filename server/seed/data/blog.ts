/** Blog posts of the start page (the latest three are shown). */

export interface BlogPostSeed {
  slug: string;
  title: string;
  daysAgo: number;
  intro: string;
  body: string;
}

export const blogPostSeeds: readonly BlogPostSeed[] = [
  {
    slug: 'liv-ex-und-global-wine-score-kurz-erklaert',
    title: 'Liv-ex 1000 und Global Wine Score kurz erklärt',
    daysAgo: 8,
    intro: 'Zwei Kennzahlen, die Sie auf jeder Jahrgangsseite finden – und was sie über Ihren Wein aussagen.',
    body: `<h2>Der Liv-ex Fine Wine 1000</h2>
<p>Der Londoner Handelsplatz Liv-ex bildet mit dem Fine Wine 1000 die Preisentwicklung der tausend meistgehandelten Weine der Welt ab. Er setzt sich aus Unterindizes zusammen, etwa dem Bordeaux 500, dem Burgundy 150, dem Champagne 50 oder dem Italy 100.</p>
<p>Ist ein Jahrgang Teil des Index, wird er regelmäßig gehandelt: Es gibt verlässliche Preise und einen liquiden Markt für den Wiederverkauf.</p>
<h2>Der Global Wine Score</h2>
<p>Der Global Wine Score fasst die Bewertungen vieler Kritiker zu einem einzigen Wert zusammen. Der Konfidenzindex zeigt, wie viele Stimmen eingeflossen sind und wie einig sich die Kritiker waren.</p>
<h2>Was das für Ihr Depot bedeutet</h2>
<p>Weine mit hohem Global Wine Score und Index-Mitgliedschaft gelten als besonders wertstabil. Beide Kennzahlen finden Sie auf jeder Jahrgangsseite im Portal.</p>`,
  },
  {
    slug: 'bordeaux-2025-en-primeur',
    title: 'Bordeaux 2025 en primeur: Was die Subskription bringt',
    daysAgo: 40,
    intro:
      'Ein heißer Sommer, eine kleine Ernte und Preise unter dem Vorjahr: unsere Bilanz der Primeur-Kampagne.',
    body: `<h2>Ein Jahrgang der Konzentration</h2>
<p>Der Sommer 2025 war in Bordeaux heiß und trocken, die Ernte fiel klein aus. Die Fassproben zeigen dunkle Frucht, Dichte und ein festes Tanningerüst – bei den besten Gütern mit erstaunlicher Frische.</p>
<h2>Die Preise</h2>
<p>Viele Châteaus haben ihre Preise gegenüber dem Vorjahr gesenkt. Für Subskribenten ergibt sich damit ein attraktiver Einstieg, denn große Jahrgänge notieren nach der Auslieferung häufig deutlich über dem Primeur-Preis.</p>
<h2>Lieferung ins Depot</h2>
<p>Die Weine werden rund 18 Monate nach der Kampagne abgefüllt und direkt in das Zollfreilager Genf geliefert. Bis dahin zeigt Ihr Depot die Position als „En Primeur“ mit dem erwarteten Liefertermin.</p>`,
  },
  {
    slug: 'warum-champagner-jahrgaenge-im-depot-glaenzen',
    title: 'Warum Champagner-Jahrgänge im Depot glänzen',
    daysAgo: 75,
    intro: 'Prestige-Cuvées werden mit jedem Jahr seltener – und entwickeln sich im Keller weiter.',
    body: `<h2>Knappheit durch Genuss</h2>
<p>Champagner wird getrunken: Jede geöffnete Flasche verringert das Angebot eines Jahrgangs. Bei Prestige-Cuvées wie Dom Pérignon, Krug oder Cristal führt das zu einer stetigen Verknappung.</p>
<h2>Reife als Wertfaktor</h2>
<p>Große Jahrgangschampagner gewinnen mit der Flaschenreife an Tiefe. Aromen von Brioche, Honig und gerösteten Nüssen kommen hinzu – und die Nachfrage nach gereiften Flaschen steigt.</p>
<h2>Unsere Empfehlung</h2>
<p>Ein Anteil von zehn bis fünfzehn Prozent Champagner stabilisiert ein Weindepot, weil sich die Preise weitgehend unabhängig von Bordeaux und Burgund entwickeln.</p>`,
  },
  {
    slug: 'zollfreilager-genf-so-lagern-ihre-weine',
    title: 'Zollfreilager Genf: So lagern Ihre Weine',
    daysAgo: 110,
    intro: 'Konstante 13,5 °C, 70 % Luftfeuchtigkeit und lückenlose Dokumentation – ein Besuch im Lager.',
    body: `<h2>Ideale Bedingungen</h2>
<p>Wein verzeiht keine Temperaturschwankungen. Im Genfer Zollfreilager liegen Ihre Kisten bei konstant 13,5 °C und 70 % Luftfeuchtigkeit, dunkel und erschütterungsfrei.</p>
<h2>Perfekte Provenienz</h2>
<p>Jede Kiste erhält eine Lagernummer und wird mit ihrer Zollreferenz erfasst. So lässt sich die Herkunft beim Wiederverkauf lückenlos nachweisen – ein entscheidender Faktor für den Preis.</p>
<h2>Steuerliche Vorteile</h2>
<p>Solange der Wein im Zollfreilager liegt, fallen weder Zoll noch Einfuhrumsatzsteuer an. Erst bei einer Auslieferung werden die Abgaben des Ziellandes fällig.</p>`,
  },
  {
    slug: 'burgund-im-fokus-knappheit-als-werttreiber',
    title: 'Burgund im Fokus: Knappheit als Werttreiber',
    daysAgo: 150,
    intro:
      'Winzige Lagen, weltweite Nachfrage: warum Burgunder zu den stärksten Werten des Jahrzehnts zählen.',
    body: `<h2>Kleine Mengen, große Namen</h2>
<p>Ein Grand Cru in Burgund umfasst oft nur wenige Hektar, aufgeteilt auf Dutzende Besitzer. Von einem Wein wie dem Chambertin von Armand Rousseau gibt es pro Jahr nur einige hundert Kisten.</p>
<h2>Die Entwicklung der Preise</h2>
<p>Der Liv-ex Burgundy 150 hat sich im vergangenen Jahrzehnt besser entwickelt als jeder andere Unterindex. Getrieben wird er von Sammlern in Asien und den USA.</p>
<h2>Zugang über Zuteilungen</h2>
<p>Die besten Domaines verkaufen nur über langjährige Partner. Über unsere Négociants erhalten Sie Zugang zu Zuteilungen, die am freien Markt kaum verfügbar sind.</p>`,
  },
];
