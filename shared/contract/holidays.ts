/**
 * The SET holidays this server knows, by a stable key, with the English name operators and the
 * seed write. A holiday's name is free text; when it is one of these (or "Substitution for" one of
 * these) the API adds the key, so clients name it in the player's language instead of English.
 */
export const HOLIDAY_NAMES = {
  newYearsDay: "New Year's Day",
  makhaBucha: 'Makha Bucha Day',
  chakriDay: 'Chakri Memorial Day',
  songkran: 'Songkran Festival',
  labourDay: 'National Labour Day',
  coronationDay: 'Coronation Day',
  visakhaBucha: 'Visakha Bucha Day',
  queenSuthidaBirthday: "H.M. Queen Suthida's Birthday",
  kingsBirthday: "H.M. King's Birthday",
  asarnhaBucha: 'Asarnha Bucha Day',
  khaoPhansa: 'Buddhist Lent Day',
  queenMotherBirthday: "H.M. Queen Sirikit The Queen Mother's Birthday / Mother's Day",
  kingBhumibolMemorial: 'H.M. King Bhumibol Adulyadej The Great Memorial Day',
  chulalongkornDay: 'Chulalongkorn Day',
  kingBhumibolBirthday: "H.M. King Bhumibol's Birthday / Father's Day",
  constitutionDay: 'Constitution Day',
  newYearsEve: "New Year's Eve",
} as const;
export type HolidayKey = keyof typeof HOLIDAY_NAMES;
export const HOLIDAY_KEYS = Object.keys(HOLIDAY_NAMES) as HolidayKey[];
