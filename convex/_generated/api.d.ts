/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as audit from "../audit.js";
import type * as capabilities from "../capabilities.js";
import type * as crons from "../crons.js";
import type * as cupAdmin from "../cupAdmin.js";
import type * as cups from "../cups.js";
import type * as demos from "../demos.js";
import type * as deployment from "../deployment.js";
import type * as gameServer_commands from "../gameServer/commands.js";
import type * as gameServer_consoleInput from "../gameServer/consoleInput.js";
import type * as gameServer_consoleKick from "../gameServer/consoleKick.js";
import type * as gameServer_consoleLine from "../gameServer/consoleLine.js";
import type * as gameServer_normalize from "../gameServer/normalize.js";
import type * as gameServer_poll from "../gameServer/poll.js";
import type * as gameServer_rconClient from "../gameServer/rconClient.js";
import type * as gameServer_rconCodec from "../gameServer/rconCodec.js";
import type * as gameServer_rconDirect from "../gameServer/rconDirect.js";
import type * as gameServer_rconFailure from "../gameServer/rconFailure.js";
import type * as gameServer_rconPoll from "../gameServer/rconPoll.js";
import type * as gameServer_rconStatus from "../gameServer/rconStatus.js";
import type * as gameServer_readBack from "../gameServer/readBack.js";
import type * as gameServer_request from "../gameServer/request.js";
import type * as history from "../history.js";
import type * as historyApi from "../historyApi.js";
import type * as http from "../http.js";
import type * as lib_actionRegistry from "../lib/actionRegistry.js";
import type * as lib_argBounds from "../lib/argBounds.js";
import type * as lib_auditActions from "../lib/auditActions.js";
import type * as lib_badge from "../lib/badge.js";
import type * as lib_boundedBody from "../lib/boundedBody.js";
import type * as lib_catalog from "../lib/catalog.js";
import type * as lib_csv from "../lib/csv.js";
import type * as lib_cupFields from "../lib/cupFields.js";
import type * as lib_demos from "../lib/demos.js";
import type * as lib_destination from "../lib/destination.js";
import type * as lib_discord from "../lib/discord.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_functions from "../lib/functions.js";
import type * as lib_gameApi from "../lib/gameApi.js";
import type * as lib_gameBounds from "../lib/gameBounds.js";
import type * as lib_history from "../lib/history.js";
import type * as lib_httpResponses from "../lib/httpResponses.js";
import type * as lib_killFeed from "../lib/killFeed.js";
import type * as lib_lookalikes from "../lib/lookalikes.js";
import type * as lib_matchzyEvents from "../lib/matchzyEvents.js";
import type * as lib_matchzyMatch from "../lib/matchzyMatch.js";
import type * as lib_moderationDefaults from "../lib/moderationDefaults.js";
import type * as lib_outbound from "../lib/outbound.js";
import type * as lib_ownKey from "../lib/ownKey.js";
import type * as lib_pagination from "../lib/pagination.js";
import type * as lib_playerStats from "../lib/playerStats.js";
import type * as lib_presence from "../lib/presence.js";
import type * as lib_privateAddress from "../lib/privateAddress.js";
import type * as lib_push from "../lib/push.js";
import type * as lib_random from "../lib/random.js";
import type * as lib_rateLimits from "../lib/rateLimits.js";
import type * as lib_readApiRouter from "../lib/readApiRouter.js";
import type * as lib_rounds from "../lib/rounds.js";
import type * as lib_sanctionFields from "../lib/sanctionFields.js";
import type * as lib_scoreboard from "../lib/scoreboard.js";
import type * as lib_side from "../lib/side.js";
import type * as lib_steamId from "../lib/steamId.js";
import type * as lib_timedFetch from "../lib/timedFetch.js";
import type * as lib_tournamentFields from "../lib/tournamentFields.js";
import type * as lib_tournamentPresets from "../lib/tournamentPresets.js";
import type * as lib_validators from "../lib/validators.js";
import type * as lib_viewer from "../lib/viewer.js";
import type * as live from "../live.js";
import type * as model_audit_filters from "../model/audit/filters.js";
import type * as model_audit_log from "../model/audit/log.js";
import type * as model_capability_callGate from "../model/capability/callGate.js";
import type * as model_capability_define from "../model/capability/define.js";
import type * as model_capability_registry from "../model/capability/registry.js";
import type * as model_cup_admin from "../model/cup/admin.js";
import type * as model_cup_bracket from "../model/cup/bracket.js";
import type * as model_cup_elimination from "../model/cup/elimination.js";
import type * as model_cup_format from "../model/cup/format.js";
import type * as model_cup_roundRobin from "../model/cup/roundRobin.js";
import type * as model_cup_run from "../model/cup/run.js";
import type * as model_cup_seeding from "../model/cup/seeding.js";
import type * as model_cup_standings from "../model/cup/standings.js";
import type * as model_cup_store from "../model/cup/store.js";
import type * as model_cup_swiss from "../model/cup/swiss.js";
import type * as model_cup_teams from "../model/cup/teams.js";
import type * as model_cup_veto from "../model/cup/veto.js";
import type * as model_demos_attach from "../model/demos/attach.js";
import type * as model_demos_capabilities from "../model/demos/capabilities.js";
import type * as model_demos_claim from "../model/demos/claim.js";
import type * as model_demos_format from "../model/demos/format.js";
import type * as model_demos_read from "../model/demos/read.js";
import type * as model_demos_recording from "../model/demos/recording.js";
import type * as model_demos_retention from "../model/demos/retention.js";
import type * as model_demos_store from "../model/demos/store.js";
import type * as model_demos_upload from "../model/demos/upload.js";
import type * as model_history_api from "../model/history/api.js";
import type * as model_history_careers from "../model/history/careers.js";
import type * as model_history_detect from "../model/history/detect.js";
import type * as model_history_interruptions from "../model/history/interruptions.js";
import type * as model_history_leaderboard from "../model/history/leaderboard.js";
import type * as model_history_read from "../model/history/read.js";
import type * as model_history_record from "../model/history/record.js";
import type * as model_history_rounds from "../model/history/rounds.js";
import type * as model_history_tracker from "../model/history/tracker.js";
import type * as model_live_data from "../model/live/data.js";
import type * as model_live_gotv from "../model/live/gotv.js";
import type * as model_live_matchMerge from "../model/live/matchMerge.js";
import type * as model_live_pollBackoff from "../model/live/pollBackoff.js";
import type * as model_live_pollSources from "../model/live/pollSources.js";
import type * as model_live_poller from "../model/live/poller.js";
import type * as model_live_presence from "../model/live/presence.js";
import type * as model_live_snapshots from "../model/live/snapshots.js";
import type * as model_moderation_banList from "../model/moderation/banList.js";
import type * as model_moderation_capabilities from "../model/moderation/capabilities.js";
import type * as model_moderation_commsInForce from "../model/moderation/commsInForce.js";
import type * as model_moderation_publicBans from "../model/moderation/publicBans.js";
import type * as model_moderation_randomPick from "../model/moderation/randomPick.js";
import type * as model_moderation_sanctionNotice from "../model/moderation/sanctionNotice.js";
import type * as model_moderation_sanctions from "../model/moderation/sanctions.js";
import type * as model_moderation_settings from "../model/moderation/settings.js";
import type * as model_moderation_staffBans from "../model/moderation/staffBans.js";
import type * as model_notifications_delivery from "../model/notifications/delivery.js";
import type * as model_notifications_format from "../model/notifications/format.js";
import type * as model_notifications_notify from "../model/notifications/notify.js";
import type * as model_notifications_webhookCapabilities from "../model/notifications/webhookCapabilities.js";
import type * as model_notifications_webhookUrl from "../model/notifications/webhookUrl.js";
import type * as model_push_http from "../model/push/http.js";
import type * as model_push_parse from "../model/push/parse.js";
import type * as model_push_reading from "../model/push/reading.js";
import type * as model_push_receive from "../model/push/receive.js";
import type * as model_push_secret from "../model/push/secret.js";
import type * as model_push_status from "../model/push/status.js";
import type * as model_serverControl_actions from "../model/serverControl/actions.js";
import type * as model_serverControl_feedSwitch from "../model/serverControl/feedSwitch.js";
import type * as model_serverControl_rconLock from "../model/serverControl/rconLock.js";
import type * as model_serverControl_step from "../model/serverControl/step.js";
import type * as model_serverControl_toggles from "../model/serverControl/toggles.js";
import type * as model_serverLog_http from "../model/serverLog/http.js";
import type * as model_serverLog_lines from "../model/serverLog/lines.js";
import type * as model_serverLog_logMatch from "../model/serverLog/logMatch.js";
import type * as model_serverLog_matchLog from "../model/serverLog/matchLog.js";
import type * as model_serverLog_parse from "../model/serverLog/parse.js";
import type * as model_serverLog_receive from "../model/serverLog/receive.js";
import type * as model_serverLog_roundStats from "../model/serverLog/roundStats.js";
import type * as model_serverLog_status from "../model/serverLog/status.js";
import type * as model_servers_records from "../model/servers/records.js";
import type * as model_servers_save from "../model/servers/save.js";
import type * as model_settings_deployment from "../model/settings/deployment.js";
import type * as model_settings_guestAdmin from "../model/settings/guestAdmin.js";
import type * as model_settings_setupCheck from "../model/settings/setupCheck.js";
import type * as model_settings_users from "../model/settings/users.js";
import type * as model_steam_data from "../model/steam/data.js";
import type * as model_steam_link from "../model/steam/link.js";
import type * as model_steam_openId from "../model/steam/openId.js";
import type * as model_steam_vanity from "../model/steam/vanity.js";
import type * as model_tournament_admin from "../model/tournament/admin.js";
import type * as model_tournament_formats from "../model/tournament/formats.js";
import type * as model_tournament_launch from "../model/tournament/launch.js";
import type * as model_tournament_matchConfig from "../model/tournament/matchConfig.js";
import type * as model_tournament_readiness from "../model/tournament/readiness.js";
import type * as model_tournament_roster from "../model/tournament/roster.js";
import type * as model_tournament_seats from "../model/tournament/seats.js";
import type * as model_tournament_series from "../model/tournament/series.js";
import type * as model_tournament_state from "../model/tournament/state.js";
import type * as model_tournament_store from "../model/tournament/store.js";
import type * as model_tournament_summary from "../model/tournament/summary.js";
import type * as model_tournament_veto from "../model/tournament/veto.js";
import type * as moderation from "../moderation.js";
import type * as notifications from "../notifications.js";
import type * as poller from "../poller.js";
import type * as publicApi from "../publicApi.js";
import type * as push from "../push.js";
import type * as rcon from "../rcon.js";
import type * as recovery from "../recovery.js";
import type * as seed from "../seed.js";
import type * as serverControl from "../serverControl.js";
import type * as serverLog from "../serverLog.js";
import type * as servers from "../servers.js";
import type * as settings from "../settings.js";
import type * as steamData from "../steamData.js";
import type * as steamLink from "../steamLink.js";
import type * as tournament from "../tournament.js";
import type * as tournamentAdmin from "../tournamentAdmin.js";
import type * as tournamentLaunch from "../tournamentLaunch.js";
import type * as users from "../users.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  audit: typeof audit;
  capabilities: typeof capabilities;
  crons: typeof crons;
  cupAdmin: typeof cupAdmin;
  cups: typeof cups;
  demos: typeof demos;
  deployment: typeof deployment;
  "gameServer/commands": typeof gameServer_commands;
  "gameServer/consoleInput": typeof gameServer_consoleInput;
  "gameServer/consoleKick": typeof gameServer_consoleKick;
  "gameServer/consoleLine": typeof gameServer_consoleLine;
  "gameServer/normalize": typeof gameServer_normalize;
  "gameServer/poll": typeof gameServer_poll;
  "gameServer/rconClient": typeof gameServer_rconClient;
  "gameServer/rconCodec": typeof gameServer_rconCodec;
  "gameServer/rconDirect": typeof gameServer_rconDirect;
  "gameServer/rconFailure": typeof gameServer_rconFailure;
  "gameServer/rconPoll": typeof gameServer_rconPoll;
  "gameServer/rconStatus": typeof gameServer_rconStatus;
  "gameServer/readBack": typeof gameServer_readBack;
  "gameServer/request": typeof gameServer_request;
  history: typeof history;
  historyApi: typeof historyApi;
  http: typeof http;
  "lib/actionRegistry": typeof lib_actionRegistry;
  "lib/argBounds": typeof lib_argBounds;
  "lib/auditActions": typeof lib_auditActions;
  "lib/badge": typeof lib_badge;
  "lib/boundedBody": typeof lib_boundedBody;
  "lib/catalog": typeof lib_catalog;
  "lib/csv": typeof lib_csv;
  "lib/cupFields": typeof lib_cupFields;
  "lib/demos": typeof lib_demos;
  "lib/destination": typeof lib_destination;
  "lib/discord": typeof lib_discord;
  "lib/errors": typeof lib_errors;
  "lib/functions": typeof lib_functions;
  "lib/gameApi": typeof lib_gameApi;
  "lib/gameBounds": typeof lib_gameBounds;
  "lib/history": typeof lib_history;
  "lib/httpResponses": typeof lib_httpResponses;
  "lib/killFeed": typeof lib_killFeed;
  "lib/lookalikes": typeof lib_lookalikes;
  "lib/matchzyEvents": typeof lib_matchzyEvents;
  "lib/matchzyMatch": typeof lib_matchzyMatch;
  "lib/moderationDefaults": typeof lib_moderationDefaults;
  "lib/outbound": typeof lib_outbound;
  "lib/ownKey": typeof lib_ownKey;
  "lib/pagination": typeof lib_pagination;
  "lib/playerStats": typeof lib_playerStats;
  "lib/presence": typeof lib_presence;
  "lib/privateAddress": typeof lib_privateAddress;
  "lib/push": typeof lib_push;
  "lib/random": typeof lib_random;
  "lib/rateLimits": typeof lib_rateLimits;
  "lib/readApiRouter": typeof lib_readApiRouter;
  "lib/rounds": typeof lib_rounds;
  "lib/sanctionFields": typeof lib_sanctionFields;
  "lib/scoreboard": typeof lib_scoreboard;
  "lib/side": typeof lib_side;
  "lib/steamId": typeof lib_steamId;
  "lib/timedFetch": typeof lib_timedFetch;
  "lib/tournamentFields": typeof lib_tournamentFields;
  "lib/tournamentPresets": typeof lib_tournamentPresets;
  "lib/validators": typeof lib_validators;
  "lib/viewer": typeof lib_viewer;
  live: typeof live;
  "model/audit/filters": typeof model_audit_filters;
  "model/audit/log": typeof model_audit_log;
  "model/capability/callGate": typeof model_capability_callGate;
  "model/capability/define": typeof model_capability_define;
  "model/capability/registry": typeof model_capability_registry;
  "model/cup/admin": typeof model_cup_admin;
  "model/cup/bracket": typeof model_cup_bracket;
  "model/cup/elimination": typeof model_cup_elimination;
  "model/cup/format": typeof model_cup_format;
  "model/cup/roundRobin": typeof model_cup_roundRobin;
  "model/cup/run": typeof model_cup_run;
  "model/cup/seeding": typeof model_cup_seeding;
  "model/cup/standings": typeof model_cup_standings;
  "model/cup/store": typeof model_cup_store;
  "model/cup/swiss": typeof model_cup_swiss;
  "model/cup/teams": typeof model_cup_teams;
  "model/cup/veto": typeof model_cup_veto;
  "model/demos/attach": typeof model_demos_attach;
  "model/demos/capabilities": typeof model_demos_capabilities;
  "model/demos/claim": typeof model_demos_claim;
  "model/demos/format": typeof model_demos_format;
  "model/demos/read": typeof model_demos_read;
  "model/demos/recording": typeof model_demos_recording;
  "model/demos/retention": typeof model_demos_retention;
  "model/demos/store": typeof model_demos_store;
  "model/demos/upload": typeof model_demos_upload;
  "model/history/api": typeof model_history_api;
  "model/history/careers": typeof model_history_careers;
  "model/history/detect": typeof model_history_detect;
  "model/history/interruptions": typeof model_history_interruptions;
  "model/history/leaderboard": typeof model_history_leaderboard;
  "model/history/read": typeof model_history_read;
  "model/history/record": typeof model_history_record;
  "model/history/rounds": typeof model_history_rounds;
  "model/history/tracker": typeof model_history_tracker;
  "model/live/data": typeof model_live_data;
  "model/live/gotv": typeof model_live_gotv;
  "model/live/matchMerge": typeof model_live_matchMerge;
  "model/live/pollBackoff": typeof model_live_pollBackoff;
  "model/live/pollSources": typeof model_live_pollSources;
  "model/live/poller": typeof model_live_poller;
  "model/live/presence": typeof model_live_presence;
  "model/live/snapshots": typeof model_live_snapshots;
  "model/moderation/banList": typeof model_moderation_banList;
  "model/moderation/capabilities": typeof model_moderation_capabilities;
  "model/moderation/commsInForce": typeof model_moderation_commsInForce;
  "model/moderation/publicBans": typeof model_moderation_publicBans;
  "model/moderation/randomPick": typeof model_moderation_randomPick;
  "model/moderation/sanctionNotice": typeof model_moderation_sanctionNotice;
  "model/moderation/sanctions": typeof model_moderation_sanctions;
  "model/moderation/settings": typeof model_moderation_settings;
  "model/moderation/staffBans": typeof model_moderation_staffBans;
  "model/notifications/delivery": typeof model_notifications_delivery;
  "model/notifications/format": typeof model_notifications_format;
  "model/notifications/notify": typeof model_notifications_notify;
  "model/notifications/webhookCapabilities": typeof model_notifications_webhookCapabilities;
  "model/notifications/webhookUrl": typeof model_notifications_webhookUrl;
  "model/push/http": typeof model_push_http;
  "model/push/parse": typeof model_push_parse;
  "model/push/reading": typeof model_push_reading;
  "model/push/receive": typeof model_push_receive;
  "model/push/secret": typeof model_push_secret;
  "model/push/status": typeof model_push_status;
  "model/serverControl/actions": typeof model_serverControl_actions;
  "model/serverControl/feedSwitch": typeof model_serverControl_feedSwitch;
  "model/serverControl/rconLock": typeof model_serverControl_rconLock;
  "model/serverControl/step": typeof model_serverControl_step;
  "model/serverControl/toggles": typeof model_serverControl_toggles;
  "model/serverLog/http": typeof model_serverLog_http;
  "model/serverLog/lines": typeof model_serverLog_lines;
  "model/serverLog/logMatch": typeof model_serverLog_logMatch;
  "model/serverLog/matchLog": typeof model_serverLog_matchLog;
  "model/serverLog/parse": typeof model_serverLog_parse;
  "model/serverLog/receive": typeof model_serverLog_receive;
  "model/serverLog/roundStats": typeof model_serverLog_roundStats;
  "model/serverLog/status": typeof model_serverLog_status;
  "model/servers/records": typeof model_servers_records;
  "model/servers/save": typeof model_servers_save;
  "model/settings/deployment": typeof model_settings_deployment;
  "model/settings/guestAdmin": typeof model_settings_guestAdmin;
  "model/settings/setupCheck": typeof model_settings_setupCheck;
  "model/settings/users": typeof model_settings_users;
  "model/steam/data": typeof model_steam_data;
  "model/steam/link": typeof model_steam_link;
  "model/steam/openId": typeof model_steam_openId;
  "model/steam/vanity": typeof model_steam_vanity;
  "model/tournament/admin": typeof model_tournament_admin;
  "model/tournament/formats": typeof model_tournament_formats;
  "model/tournament/launch": typeof model_tournament_launch;
  "model/tournament/matchConfig": typeof model_tournament_matchConfig;
  "model/tournament/readiness": typeof model_tournament_readiness;
  "model/tournament/roster": typeof model_tournament_roster;
  "model/tournament/seats": typeof model_tournament_seats;
  "model/tournament/series": typeof model_tournament_series;
  "model/tournament/state": typeof model_tournament_state;
  "model/tournament/store": typeof model_tournament_store;
  "model/tournament/summary": typeof model_tournament_summary;
  "model/tournament/veto": typeof model_tournament_veto;
  moderation: typeof moderation;
  notifications: typeof notifications;
  poller: typeof poller;
  publicApi: typeof publicApi;
  push: typeof push;
  rcon: typeof rcon;
  recovery: typeof recovery;
  seed: typeof seed;
  serverControl: typeof serverControl;
  serverLog: typeof serverLog;
  servers: typeof servers;
  settings: typeof settings;
  steamData: typeof steamData;
  steamLink: typeof steamLink;
  tournament: typeof tournament;
  tournamentAdmin: typeof tournamentAdmin;
  tournamentLaunch: typeof tournamentLaunch;
  users: typeof users;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  rateLimiter: import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  leaderboard: import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"leaderboard">;
  discordPool: import("@convex-dev/workpool/_generated/component.js").ComponentApi<"discordPool">;
};
