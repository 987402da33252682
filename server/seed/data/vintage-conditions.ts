/** How each vintage went in its region, one German sentence per region and year. */
export const vintageConditions: Readonly<Record<string, string>> = {
  'Bordeaux:2010':
    'Ein trockener, sonniger Sommer mit kühlen Nächten brachte Weine von enormer Konzentration, hoher Säure und kraftvollem Tannin – ein Jahrgang für Jahrzehnte.',
  'Bordeaux:2015':
    'Ein warmer, trockener Sommer und ein sonniger September ergaben reife, charmante Weine mit seidigem Tannin; besonders Margaux und das rechte Ufer glänzten.',
  'Bordeaux:2016':
    'Nach einem nassen Frühjahr folgte ein trockener, heißer Sommer; kühle Septembernächte bewahrten die Frische – ein klassischer, langlebiger Jahrgang mit brillanter Balance.',
  'Bordeaux:2018':
    'Mehltaudruck im Frühjahr, dann ein heißer, trockener Sommer: Die Weine sind opulent und konzentriert, bei den Spitzengütern aber erstaunlich frisch.',
  'Bordeaux:2019':
    'Ein warmer Sommer mit Hitzewellen und rechtzeitigem Regen im September ergab samtige, reife Weine mit feiner Frische und hoher Homogenität.',
  'Bordeaux:2020':
    'Ein frühes, warmes Jahr mit trockenem Sommer und kleinen Beeren: dichte, tiefdunkle Weine mit überraschend frischem Kern.',
  'Bordeaux:2025':
    'Ein früher Austrieb und ein heißer, trockener Sommer mit kleiner Ernte; die Fassproben zeigen Konzentration, dunkle Frucht und ein festes Tanningerüst.',
  'Burgund:2016':
    'Spätfrost im April dezimierte die Erträge drastisch; die wenigen Trauben ergaben jedoch Weine von großer Reinheit und Präzision.',
  'Burgund:2017':
    'Ein großzügiger, unkomplizierter Jahrgang mit charmanter, offener Frucht und feinen Tanninen – früh zugänglich und dennoch lagerfähig.',
  'Burgund:2018':
    'Ein heißer, sonniger Jahrgang mit üppigen Erträgen; die besten Winzer bändigten die Reife zu Weinen mit Fülle und samtiger Textur.',
  'Burgund:2019':
    'Hitze und Trockenheit reduzierten die Erträge, brachten aber Weine von beeindruckender Konzentration, dunkler Frucht und lebendiger Säure.',
  'Burgund:2020':
    'Die früheste Lese seit Menschengedenken; kleine Beeren mit dicken Schalen sorgten für dichte, strukturierte Weine mit bemerkenswerter Spannung.',
  'Champagne:2006':
    'Ein warmer Jahrgang mit reifer, großzügiger Frucht; die Prestige-Cuvées zeigen heute honigwürzige Tiefe und cremige Perlage.',
  'Champagne:2008':
    'Ein kühler, später Jahrgang mit hoher Säure und straffer Mineralität – ein Klassiker, der sich langsam öffnet und sehr lange reift.',
  'Champagne:2012':
    'Frost, Hagel und Regen verringerten die Erträge, doch ein sonniger August rettete den Jahrgang: kraftvolle, reife Champagner mit guter Säure.',
  'Champagne:2013':
    'Eine späte Lese im Oktober nach kühlem Frühjahr brachte straffe, präzise Champagner mit kühler Eleganz.',
  'Champagne:2014':
    'Ein wechselhafter Sommer, gerettet durch einen sonnigen September; die Weine sind frisch, geradlinig und kalkig.',
  'Champagne:2015':
    'Ein heißer, trockener Sommer ergab reife, opulente Grundweine mit gelber Frucht und großzügiger Textur.',
  'Toskana:2015':
    'Ein sonniger, ausgeglichener Jahrgang mit reifer Frucht und weichen Tanninen – in Montalcino einer der besten der letzten Jahrzehnte.',
  'Toskana:2016':
    'Ein kühler Frühsommer und ein langer, trockener Herbst ergaben Weine von herausragender Frische, Struktur und Langlebigkeit.',
  'Toskana:2019':
    'Ein ausgewogener Jahrgang mit warmen Tagen und kühlen Nächten; die Weine sind elegant, aromatisch und fein strukturiert.',
  'Toskana:2021':
    'Frühjahrsfrost und ein trockener Sommer reduzierten die Erträge; die Weine zeigen Tiefe, Spannung und großes Potenzial.',
  'Piemont:2013':
    'Ein später, kühler Jahrgang mit langer Lese bis in den Oktober: klassische, duftige Barolo mit festem Tannin.',
  'Piemont:2015':
    'Ein warmer Jahrgang mit großzügiger, reifer Frucht und runden Tanninen; früh charmant, aber mit solider Struktur.',
  'Piemont:2019': 'Ein klassischer Jahrgang mit kühler Frische, präziser Frucht und feinkörnigem Tannin.',
  'Piemont:2020': 'Ein ausgeglichener Jahrgang mit duftigen, zugänglichen Weinen und feiner Säure.',
  'Napa Valley:2016':
    'Ein gleichmäßiger Vegetationsverlauf ohne Hitzespitzen ergab elegante, ausgewogene Cabernets mit reifer Frucht.',
  'Napa Valley:2018':
    'Ein langer, milder Sommer und eine späte Lese lieferten große Mengen bei hervorragender Qualität – kraftvoll und dennoch frisch.',
  'Napa Valley:2019':
    'Ein milder Sommer mit wenigen Hitzetagen ergab aromatische, elegante Weine; die Lese endete vor den Herbstbränden.',
  'Ribera del Duero:2011':
    'Ein heißer, trockener Jahrgang mit kleinen Erträgen; die Weine sind kraftvoll, dunkel und konzentriert.',
  'Ribera del Duero:2012':
    'Ein trockenes Jahr mit geringem Ertrag und gesunden Trauben, das ausgewogene, tiefgründige Weine hervorbrachte.',
  'Ribera del Duero:2018':
    'Ein kühlerer Jahrgang mit reichlich Regen im Frühjahr: frische, elegante Weine mit präziser Frucht.',
  'Ribera del Duero:2019':
    'Ein warmer, sonniger Jahrgang mit ausgewogener Reife; die Weine verbinden Kraft mit Frische.',
  'Rhône:2017':
    'Ein heißer, trockener Jahrgang mit geringen Erträgen und konzentrierten, kraftvollen Syrahs.',
  'Rhône:2018':
    'Ein warmer Jahrgang mit Mehltaudruck im Frühjahr; die nördliche Rhône brachte üppige, reife Syrahs mit weichem Tannin.',
  'Rhône:2019':
    'Ein herausragender Jahrgang an der nördlichen Rhône: Konzentration, Frische und Tiefe in seltener Balance.',
};
