/**
 * The server draws the generated banners, pop-up and promotion cards with words on them
 * (server/routes/art): `?lang=` picks the words' language and `?for=player` the variant for a
 * logged-in player, who is never asked to join. This asks for the one the reader should see;
 * any other image (an operator's upload, a game tile) is left as it is.
 */
export const artForReader = (src: string, lang: string, player: boolean): string =>
  src.replace(/(\/assets\/art\/(?:banner|popup|promotion)\/\d+\.svg)(?:\?[^#]*)?$/, `$1?lang=${lang}${player ? '&for=player' : ''}`);
