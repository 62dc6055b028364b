/** The periods a player's game log is read for (`GET /api/game_logs?type=`), `today` when absent. */
export const PERIODS = ['today', 'yesterday', 'this_week', 'last_week'] as const;
export type Period = (typeof PERIODS)[number];
