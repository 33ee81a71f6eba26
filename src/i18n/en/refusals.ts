import type uk from "../uk/refusals";
import type { Translation } from "../types";

/** English texts: refusal.*. */
export default {
  "refusal.console.commandEmpty": "Enter a command.",
  "refusal.console.commandTooLong": "The command is too long: at most {max} characters.",
  "refusal.console.commandSplit": 'A command cannot contain ";", a line break or NUL.',
  "refusal.console.commandName":
    "Command name: Latin letters, digits and _ without quotes or brackets.",
  "refusal.console.commandBlocked": 'The command "{name}" is blocked for security reasons.',
  "refusal.console.writeOnly":
    "The panel sets these settings itself; the console can neither change nor read them.",
  "refusal.console.execUnknown": "Only known configs may be executed.",
  "refusal.console.chatEmpty": "Enter a message.",
  "refusal.console.chatTooLong": "The message is too long: at most {max} characters.",
  "refusal.console.chatChars": 'A message cannot contain ";", quotes or a line break.',
  "refusal.console.cvarName": "Invalid cvar name.",
  "refusal.console.cvarChars": 'A cvar value cannot contain quotes, ";" or "\\".',
  "refusal.console.cvarValue": "Invalid cvar value.",
  "refusal.console.steamId": "Invalid SteamID64.",
  "refusal.console.banDuration": "Ban duration: whole minutes from 0 (permanent).",
  "refusal.console.urlUnsetMatchConfig":
    "Unknown address for the MatchZy match config: CONVEX_SITE_URL is not set.",
  "refusal.console.urlInvalidMatchConfig": "Invalid address for the MatchZy match config.",
  "refusal.console.urlSchemeMatchConfig":
    "Address for the MatchZy match config: http or https only.",
  "refusal.console.urlUnsetMatchzyEvents":
    "Unknown address for MatchZy events: CONVEX_SITE_URL is not set.",
  "refusal.console.urlInvalidMatchzyEvents": "Invalid address for MatchZy events.",
  "refusal.console.urlSchemeMatchzyEvents": "Address for MatchZy events: http or https only.",
  "refusal.console.urlUnsetServerLog":
    "Unknown address for the server log: CONVEX_SITE_URL is not set.",
  "refusal.console.urlInvalidServerLog": "Invalid address for the server log.",
  "refusal.console.urlSchemeServerLog": "Address for the server log: http or https only.",
  "refusal.console.urlUnsetDemoUpload":
    "Unknown address for MatchZy demo uploads: CONVEX_SITE_URL is not set.",
  "refusal.console.urlInvalidDemoUpload": "Invalid address for MatchZy demo uploads.",
  "refusal.console.urlSchemeDemoUpload": "Address for MatchZy demo uploads: http or https only.",
  "refusal.cup.cupNameInvalid": "Enter the cup's name.",
  "refusal.cup.teamNameInvalid": "Enter the team's name.",
  "refusal.cup.tagInvalid": "Team tag: 1 to {max} characters.",
  "refusal.cup.nameTaken": "A team with this name is already in the cup.",
  "refusal.cup.minutes": "Minutes: a whole number, at most one day.",
  "refusal.cup.poolTooSmall": "BO{n} needs at least {n} maps in the pool.",
  "refusal.cup.serverPool": "Choose 1 to 16 servers for the cup.",
  "refusal.cup.steamIdInvalid":
    "Enter each player's SteamID64 or steamcommunity.com/profiles/… link.",
  "refusal.cup.alreadyStarted": "The cup has already started.",
  "refusal.cup.notRunning": "The cup has not started yet.",
  "refusal.cup.registrationClosed": "Team registration is closed.",
  "refusal.cup.cupFull": "The cup already has the most teams it takes.",
  "refusal.cup.rosterShort": "Team «{team}» has fewer than {size} players: the cup cannot start.",
  "refusal.cup.rosterFull": "The team has no free places left.",
  "refusal.cup.seedOrder": "The seeding must list every team of the cup exactly once.",
  "refusal.cup.steamRequired":
    "Playing in a cup needs a linked Steam account: open «My profile» and press «Link Steam».",
  "refusal.cup.alreadyInTeam": "You already play in a team of this cup.",
  "refusal.cup.badInvite": "The invitation is not valid.",
  "refusal.cup.notCaptain": "Only the team's captain can do this.",
  "refusal.cup.notInMatch": "Your team does not play in this match.",
  "refusal.cup.checkInClosed": "Check-in for this match is closed right now.",
  "refusal.cup.alreadyCheckedIn": "Your team is already checked in.",
  "refusal.cup.notReschedulable": "This match's time can no longer be changed.",
  "refusal.cup.notOnServer": "This match is not being played on a server now.",
  "refusal.cup.serverNotFree":
    "This server is not free: pick another server of the cup with no match on it.",
  "refusal.cup.timeInPast": "The start time has already passed.",
  "refusal.cup.outsideWindow": "This time is outside the window the admin allowed.",
  "refusal.cup.noProposal": "No time has been proposed.",
  "refusal.cup.ownProposal": "The other team's captain has to accept the time.",
  "refusal.cup.noWindow": "The admin has not allowed captains to agree on a time.",
  "refusal.cup.teams": "A cup has {min} to {max} teams.",
  "refusal.cup.groups": "Every group needs at least two teams.",
  "refusal.cup.groupTooBig": "A group has at most {max} teams: add groups.",
  "refusal.cup.swissTarget": "Swiss system: 1 to {max} wins and losses.",
  "refusal.cup.duplicateTeam": "A team is seeded twice.",
  "refusal.cup.noSuchMatch": "There is no such match in the bracket.",
  "refusal.cup.notReady": "This match's opponents are not known yet.",
  "refusal.cup.teamNotInMatch": "This team does not play in this match.",
  "refusal.cup.decided": "This match already has a result: change it as an admin.",
  "refusal.cup.badScore": "BO{bestOf} series score: the winner takes {wins} maps, the loser fewer.",
  "refusal.cup.cupNotFound": "Cup not found.",
  "refusal.cup.matchNotFound": "Cup match not found.",
  "refusal.cup.teamNotFound": "Team not found.",
  "refusal.demos.notFound": "Demo not found.",
  "refusal.demos.notAttachable": "Only a stored demo without a match can be attached.",
  "refusal.demos.badRetention": "Retention: 0–{days} days; size: 0–{tb} TB.",
  "refusal.history.alreadyVoided": "The match is already voided.",
  "refusal.tournament.notFound": "No active tournament found.",
  "refusal.tournament.alreadyJoined": "You have already joined a team.",
  "refusal.tournament.teamFull": "This team is already full.",
  "refusal.tournament.nicknameBlank": "Enter your Steam nickname.",
  "refusal.tournament.nicknameTooLong": "Nickname too long: at most {max} characters.",
  "refusal.tournament.nicknameInvalid": "The nickname holds characters that are not allowed.",
  "refusal.tournament.nicknameTaken": "This nickname is already used in the tournament.",
  "refusal.tournament.nicknameIsSteamId": "Enter your Steam nickname, not a SteamID.",
  "refusal.tournament.notStarted": "The tournament has not started: the teams are not full.",
  "refusal.tournament.notReadyPhase": "This is not the ready check.",
  "refusal.tournament.alreadyReady": "You have already confirmed you are ready.",
  "refusal.tournament.paused": "The veto is paused: wait until an admin resumes it.",
  "refusal.tournament.notPaused": "The veto is not paused.",
  "refusal.tournament.noClock": "This tournament has no turn clock.",
  "refusal.tournament.notPickPhase": "This is not the map pick step.",
  "refusal.tournament.mapPicked": "This map has already been picked.",
  "refusal.tournament.archived": "The tournament is archived.",
  "refusal.tournament.noSuchSeriesMap": "The series has no such map.",
  "refusal.tournament.seriesOrder": "Launch map {n} of the series first.",
  "refusal.tournament.finished": "The tournament is already over.",
  "refusal.tournament.staleStep": "This step was already taken. The tournament is up to date now.",
  "refusal.tournament.notBanPhase": "This is not the map ban step.",
  "refusal.tournament.notSidePhase": "This is not the side pick step.",
  "refusal.tournament.notMember": "You are not in this tournament.",
  "refusal.tournament.notYourTurn": "It is the other team's turn.",
  "refusal.tournament.unknownMap": "This map is not in the tournament's pool.",
  "refusal.tournament.mapBanned": "This map is already banned.",
  "refusal.tournament.launchIncomplete": "The match setup is not complete.",
  "refusal.tournament.alreadyLaunched":
    "The match has already been launched. Create a new tournament to play again.",
  "refusal.tournament.unknownMode": "Unknown game mode: {mode}",
  "refusal.tournament.steamRequired":
    "This tournament needs a linked Steam account: open «My profile» and press «Link Steam».",
  "refusal.tournament.steamSeated": "This Steam account already has a seat in the tournament.",
  "refusal.tournament.leaveTooLate":
    "You can leave a team only before the veto starts. Ask an admin to replace you.",
  "refusal.tournament.seatNotFound": "The team has no such player.",
  "refusal.tournament.rosterLocked": "The match has been launched: the rosters cannot change.",
  "refusal.tournament.seriesWon": "{team} has already won the series.",
  "refusal.tournament.seriesWaiting":
    "Wait for the result of map {n} first: it appears once the match is recorded in the history.",
  "refusal.tournament.nameTooLong": "Name too long: at most {max} characters.",
  "refusal.tournament.nameInvalid": "The name holds characters that are not allowed.",
  "refusal.tournament.idleTooLate": "Idle seats can be freed only before the veto starts.",
  "refusal.tournament.noIdleSeats": "No idle seats: every player was on the page recently.",
  "refusal.tournament.formatTeamSize": "Team size: {min} to {max} players.",
  "refusal.tournament.formatTurnSeconds": "Turn timer: off or {min} to {max} seconds.",
  "refusal.tournament.formatPoolSize": "Map pool: 2 to {max} maps.",
  "refusal.tournament.formatPoolDuplicate": "Map {map} is in the pool twice.",
  "refusal.tournament.formatPoolUnknown": "Map {map} is not in the catalog.",
  "refusal.tournament.formatSequenceLength": "Sequence: 1 to {max} steps.",
  "refusal.tournament.formatLastMapBanned": "Step {n}: the pool's last map cannot be banned.",
  "refusal.tournament.formatNoMapToPick": "Step {n}: no maps left in the pool to pick.",
  "refusal.tournament.formatNoMapForSide": "Step {n}: a side pick with no map decided.",
  "refusal.tournament.formatPickerPicksSide":
    "Step {n}: the side on a map is picked by the team that did not pick the map.",
  "refusal.tournament.formatMapsLeft":
    "After all bans and picks {left} maps are left: one (the decider) or none must be left.",
  "refusal.tournament.formatNoSeries":
    "A series without any map: add a map pick or leave one decider.",
  "refusal.tournament.formatSeriesTooLong": "The series is longer than {max} maps.",
  "refusal.tournament.formatSideMissing": "Map {map} of the series has no side pick.",
  "refusal.tournament.formatPresetMismatch":
    "A preset's settings cannot be changed: choose «Custom format».",
  "refusal.tournament.matchzyMode":
    "MatchZy plays only the competitive or the wingman mode: choose one of them.",
  "refusal.tournament.matchzyNoSiteUrl":
    "The deployment's site address (CONVEX_SITE_URL) is unknown: MatchZy cannot load the match config.",
  "refusal.tournament.replacementSteamId":
    "Enter the SteamID64 or the steamcommunity.com/profiles/… link of the player taking the seat.",
  "refusal.conduct.reportNeedsSteam": "To report a player, link Steam in «My profile».",
  "refusal.conduct.badPlayer": "The player's SteamID is not valid.",
  "refusal.conduct.reportSelf": "You cannot report yourself.",
  "refusal.conduct.reportReason": "Describe what happened (up to 200 characters).",
  "refusal.conduct.reportFiled": "Report sent. A moderator will look at it.",
  "refusal.conduct.reportFolded": "This player has already been reported: yours was added to it.",
  "refusal.conduct.appealNeedsSteam":
    "To see your sanctions and appeal them, link Steam in «My profile».",
  "refusal.conduct.notYours": "This sanction is not yours.",
  "refusal.conduct.notAppealable": "Only a ban, mute, gag or silence can be appealed.",
  "refusal.conduct.appealAlready":
    "This sanction has already been appealed: it can be appealed once.",
  "refusal.conduct.appealText": "Say why the sanction should be lifted (up to 1000 characters).",
  "refusal.conduct.appealNotFound": "Appeal not found.",
  "refusal.conduct.appealDecided": "The appeal has already been decided.",
  "refusal.conduct.appealAdminOnly":
    "An appeal against an admin's sanction is decided by an admin.",
  "refusal.conduct.decisionReason": "Write the reason for the decision (up to 200 characters).",
  "refusal.conduct.reportNotFound": "Report not found.",
  "refusal.conduct.reportNotOpen": "The report is already being handled or decided.",
  "refusal.conduct.reportDecided": "The report is already decided.",
  "refusal.conduct.reportClaimedByOther":
    "Another moderator took this report: they or an admin can decide it.",
  "refusal.conduct.reportDecision": "Write the decision (up to 200 characters).",
  "refusal.conduct.sanctionOther": "This sanction is another player's.",
  "refusal.conduct.warningNotFound": "Warning not found.",
  "refusal.conduct.warningNotProposed":
    "The sanction for this warning has already been applied or declined.",
  "refusal.conduct.appealServer": "Choose the server where this sanction is in force.",
  "refusal.conduct.escalationBanHeld":
    "The player already has a ban that a moderator cannot replace.",
  "refusal.conduct.chatRetention": "Chat kept: a whole number of days from 1 to 365.",
  "refusal.conduct.warnThreshold": "Number of warnings: a whole number from 1 to 20.",
  "refusal.conduct.warnPeriods": "Warning periods: a whole number of days from 1 to 365.",
  "refusal.conduct.escalationMinutes":
    "Sanction length: a whole number of minutes (0 = permanent).",
  "refusal.conduct.warningNeedsSimpleAdmin":
    "Mute, gag and silence are only possible on a server with CS2-SimpleAdmin.",
  "refusal.steam.notConfigured":
    "Steam linking is unavailable: PANEL_URL (the panel's address Steam sends the player back to) is not set on the panel's server.",
  "refusal.steam.expired":
    "The Steam linking link has expired or was already used. Start linking again.",
  "refusal.steam.invalid": "Steam did not confirm the sign-in. Try again.",
  "refusal.steam.returnTo": "Steam's answer belongs to another linking. Start linking again.",
  "refusal.steam.unavailable": "Steam is unavailable right now. Try again in a few minutes.",
  "refusal.steam.otherUser":
    "This Steam linking was started from another panel account. Sign in to yours and start again.",
  "refusal.steam.takenElsewhere": "This Steam account is already linked to another panel user.",
  "refusal.steam.alreadyLinked": "Your account already has Steam linked. Unlink it first.",
  "refusal.steam.notLinked": "Your account has no Steam linked.",
  "refusal.steam.noUser": "Your account is still being created. Try again in a moment.",
  "refusal.steam.vanityNoKey":
    "Links with a custom name (steamcommunity.com/id/…) are not supported: STEAM_WEB_API_KEY is not set on the panel's server. Paste a SteamID64 or a /profiles/… link.",
  "refusal.steam.vanityNotFound": "No Steam profile has this custom name.",
  "refusal.steam.vanityUnavailable":
    "The Steam Web API is unavailable. Try later or paste a SteamID64.",
  "refusal.steamId.empty": "Enter the player's SteamID.",
  "refusal.steamId.invalid":
    "Unknown SteamID format. Supported: SteamID64 (7656119…), STEAM_0:X:Y, [U:1:N] and steamcommunity.com/profiles/… or /id/… links.",
  "refusal.steamId.outOfRange": "No such Steam account exists.",
  "refusal.steamId.vanityName": "Not a valid Steam custom profile name.",
  "refusal.gameServer.rconAuthRefused":
    "RCON unavailable: the server rejected the RCON password. Attempts stopped so the server does not block the panel's address; enter the correct password in the server settings.",
  "refusal.gameServer.rconAuthStopped":
    "RCON unavailable: the server rejected this RCON password before, so the panel does not connect (after a few failed logins the server blocks the address). Enter the correct password in the server settings.",
  "refusal.gameServer.rconConnect": "RCON unavailable: could not connect to {where} ({reason}).",
  "refusal.gameServer.rconConnectRefused":
    "RCON unavailable: could not connect to {where} (connection refused).",
  "refusal.gameServer.rconConnectHostUnreachable":
    "RCON unavailable: could not connect to {where} (host unreachable).",
  "refusal.gameServer.rconConnectNetUnreachable":
    "RCON unavailable: could not connect to {where} (network unreachable).",
  "refusal.gameServer.rconConnectNotFound":
    "RCON unavailable: could not connect to {where} (address not found).",
  "refusal.gameServer.rconConnectReset":
    "RCON unavailable: could not connect to {where} (connection reset).",
  "refusal.gameServer.rconTimeout": "RCON unavailable: {where} did not answer in time.",
  "refusal.gameServer.rconClosedDuringAuth":
    "RCON unavailable: {where} closed the connection during login (it may have blocked the panel's address after failed attempts).",
  "refusal.gameServer.rconClosed": "RCON unavailable: {where} closed the connection mid-answer.",
  "refusal.gameServer.rconTooLarge": "RCON unavailable: the answer from {where} is too large.",
  "refusal.gameServer.rconProtocol":
    "RCON unavailable: {where} does not speak the Source RCON protocol.",
  "refusal.gameServer.levelChangeUnanswered":
    "{where} did not answer the map change within {seconds} s: the change is not confirmed. The new map will show as soon as the server confirms it.",
  "refusal.gameServer.bodyTooLarge": "The server's answer is larger than {kib} KiB",
  "refusal.gameServer.redirect":
    "The server answered with a redirect ({status}); the panel does not follow it",
  "refusal.gameServer.timeout": "The server did not answer within {seconds} s",
  "refusal.gameServer.unreachable": "Server unreachable: {reason}",
  "refusal.gameServer.unreachableRefused": "Server unreachable: connection refused",
  "refusal.gameServer.proxyRconPassword":
    "RCON proxy: the game server did not accept the RCON password",
  "refusal.gameServer.proxyForbidden": "The RCON proxy denied access: check the proxy key",
  "refusal.gameServer.proxyTimeout": "RCON proxy: the game server did not answer in time",
  "refusal.gameServer.proxyTimeoutRefused":
    "RCON proxy: the game server did not answer in time: connection refused",
  "refusal.gameServer.proxyTimeoutNotFound":
    "RCON proxy: the game server did not answer in time: address not found",
  "refusal.gameServer.proxyTimeoutNoAnswer":
    "RCON proxy: the game server did not answer in time: no answer",
  "refusal.gameServer.proxyUnreachable": "The RCON proxy could not reach the game server",
  "refusal.gameServer.proxyUnreachableRefused":
    "The RCON proxy could not reach the game server: connection refused",
  "refusal.gameServer.proxyUnreachableNotFound":
    "The RCON proxy could not reach the game server: address not found",
  "refusal.gameServer.proxyUnreachableNoAnswer":
    "The RCON proxy could not reach the game server: no answer",
  "refusal.gameServer.proxyBadRequest":
    "The RCON proxy did not accept the panel's request (error 400)",
  "refusal.gameServer.proxyError": "The RCON proxy answered with error {status}",
  "refusal.gameServer.switchReadFailed": "The server did not answer the read of the switches",
  "refusal.gameServer.redirectRefused": "redirect ({status}) not followed",
  "refusal.gameServer.redirectRefusedPlain": "redirect not followed",
  "refusal.moderation.permanentAdminOnly": "Only an admin can give a permanent ban.",
  "refusal.moderation.overModeratorMax": "A moderator can ban for at most {max} min.",
  "refusal.moderation.badDuration": "Ban length: a whole number of minutes from 0 (permanent).",
  "refusal.moderation.reasonRequired": "Give a reason.",
  "refusal.moderation.reasonTooLong": "Reason: at most {max} characters.",
  "refusal.moderation.unbanNotOwn":
    "A moderator can lift only a temporary ban given by a moderator. Ask an admin.",
  "refusal.moderation.replaceNotOwn":
    "The player already has a ban on this server that a moderator cannot replace (permanent, longer than your maximum, or given by an admin). Ask an admin.",
  "refusal.moderation.commsUnsupported":
    "Server «{server}» is not marked as running CS2-SimpleAdmin: mute, gag and silence are unavailable.",
  "refusal.moderation.commsPermanentAdminOnly":
    "Only an admin can give a permanent mute, gag or silence.",
  "refusal.moderation.commsOverModeratorMax":
    "A moderator can silence a player for at most {max} min.",
  "refusal.moderation.commsBadDuration": "Length: a whole number of minutes from 0 (permanent).",
  "refusal.moderation.replaceCommsNotOwn":
    "The player already has a mute, gag or silence on this server that a moderator cannot replace (permanent or given by an admin). Ask an admin.",
  "refusal.moderation.banListFailed": "Could not load the ban list: {error}",
  "refusal.moderation.banListInvalid":
    "Could not load the ban list: the server's answer is not valid JSON",
  "refusal.moderation.reasonsCount": "1 to {max} reasons for each action.",
  "refusal.moderation.durationsList":
    "1 to 12 durations, each a whole number of minutes (0 = permanent).",
  "refusal.moderation.moderatorMax": "Moderators' maximum: a whole number of minutes above 0.",
  "refusal.moderation.pickCount": "Enter a whole number from 1.",
  "refusal.moderation.pickTooFew":
    "Not enough players to pick from. Available: {available}, needed: {needed}",
  "refusal.users.notFound": "User not found.",
  "refusal.users.selfRevoke": "You cannot take admin rights away from yourself.",
  "refusal.users.emailOrUsername": "Give an email or a username.",
  "refusal.users.neverSignedIn": "User not found: they must sign in at least once.",
  "refusal.moderation.uncommsNotOwn":
    "A moderator can lift only a temporary mute, gag or silence given by a moderator. Ask an admin.",
  "refusal.servers.keyFormat": "Key: 1 to 32 characters a-z, 0-9, - or _.",
  "refusal.servers.nameLength": "Server name: 1 to 64 characters.",
  "refusal.servers.apiUrlFormat": "The API address must be a full URL, e.g. http://1.2.3.4:8080.",
  "refusal.servers.apiUrlScheme": "API address: http or https only.",
  "refusal.servers.connectAddress": "Connect address: host:port, e.g. 1.2.3.4:27015.",
  "refusal.servers.rconHostDirect":
    "For direct RCON, enter the game server's address (IP or domain).",
  "refusal.servers.rconHostProxy": "For the RCON proxy, enter the game server's address.",
  "refusal.servers.rconPort": "RCON port: 1–65535.",
  "refusal.servers.gotvPort": "GOTV port: 1–65535, or leave it empty.",
  "refusal.servers.keyTaken": 'A server with the key "{key}" already exists.',
  "refusal.servers.notFound": "Server not found.",
  "refusal.request.tooLong":
    "A value in the request is too long ({field}): at most {max} characters.",
  "refusal.request.tooMany": "Too many items in the request ({field}): at most {max}.",
  "refusal.request.tooDeep": "The request is nested too deeply.",
  "refusal.request.badPageSize": "Invalid page size: a whole number from 1.",
  "refusal.request.badCursor": "Invalid position in the list. Reload the page.",
  "refusal.request.badViewerId": "Invalid tab id.",
  "refusal.request.badSeason": "Unknown season. Choose a month as YYYY-MM or «all time».",
  "refusal.request.notSteamId64": "This is not a SteamID64.",
  "refusal.request.matchNotFound": "Match not found.",
  "refusal.discord.badUrl":
    "Enter a Discord webhook address like https://discord.com/api/webhooks/<id>/<token>.",
  "refusal.discord.notConfigured": "No webhook is set.",
  "refusal.actions.failed": 'Action "{action}" failed: {message}',
  "refusal.actions.failedRcon": 'Action "{action}" failed (RCON): {message}',
  "refusal.actions.modeFailed": "Changing the game mode failed: {message}",
  "refusal.actions.logBlocked":
    'Action "{action}" failed: this server\'s plugin or RCON proxy does not pass log commands. Add the lines from `npx convex run serverLog:configLine` to server.cfg or connect the server over direct RCON.',
  "refusal.actions.unknownAction": "Unknown switch or action.",
  "refusal.actions.pickMap": "Pick a map from the list",
  "refusal.actions.unknownMode": "Unknown game mode: {mode}",
  "refusal.actions.badPassword": 'Password: 1–64 Latin characters, no spaces, quotes, "\\" or ";".',
  "refusal.actions.unknownConfig": "Unknown config.",
  "refusal.actions.launchNotOverProxy":
    "Launching a match with team assignment is not available over the RCON proxy.",
  "refusal.actions.badMatchConfigKey": "Invalid match config key.",
  "refusal.actions.badPushSecret": "Invalid secret for MatchZy events.",
  "refusal.actions.badDemoPath": "Invalid demo file name.",
  "refusal.actions.matchzyMissing":
    "The server does not know the command matchzy_loadmatch_url: MatchZy is not running there. Turn «MatchZy» off in the server settings or install it. ({said})",
  "refusal.actions.matchzyBusy":
    "Another MatchZy match is already loaded on the server: end it (css_endmatch in the console) and start the map again. ({said})",
  "refusal.actions.matchzyNoConfig":
    "MatchZy did not load the match config: the server must reach the deployment's site address (CONVEX_SITE_URL). ({said})",
  "refusal.actions.backupRefused": "The server did not load the round backup: {said}",
  "refusal.actions.unknownCommand": "The server does not know the command «{command}».",
  "refusal.actions.serverSaid": "The server answered: {said}",
  "refusal.actions.kickNotCs2": "the server did not answer status_json as a CS2 server.",
  "refusal.actions.kickNotConnected": "player {steamId} is not on the server.",
  "refusal.actions.kickAmbiguous":
    "several players on the server are named «{name}», so the console cannot tell whom to kick; use kickid with the number from status.",
  "refusal.actions.rconNoTarget": "RCON unavailable: no RCON address, port or password set.",
  "refusal.actions.rconNotCs2": "The server did not answer status as a CS2 server",
  "refusal.actions.rconNotCs2Unavailable":
    "RCON unavailable: the server did not answer status as a CS2 server",
  "refusal.actions.rconBusy":
    "Another action is still running on this server over RCON. Try again in a few seconds.",
} as const satisfies Translation<typeof uk>;
