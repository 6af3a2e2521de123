import { XMPP_DOMAIN } from './xmpp-stanzas';

// ejabberd.yml of the fanout bench's reference: one HTTP listener on
// 127.0.0.1 for XMPP over WebSocket (RFC 7395, the transport Parley's web app
// uses too, so the same `ws` client drives both) and for mod_http_api (what
// `ejabberdctl register` and the MUC admin commands call, here over loopback
// HTTP so no Erlang distribution or epmd is needed). No storage beyond
// Mnesia in the run's temporary directory: no mod_mam, no mod_offline, no
// roster, vCard or pubsub. Groups are members-only MUC rooms (conference.<host>, the default). No shaper: the
// Debian default (3,000 B/s per client) would throttle the senders, where
// Parley's send limit is raised for the bench too. Stream management
// (XEP-0198) is on, as in Debian's configuration, since real clients use it.

export function ejabberdConfig(port: number): string {
  return `loglevel: warning
log_rotate_count: 0
hosts:
  - ${XMPP_DOMAIN}
listen:
  -
    port: ${port}
    ip: "127.0.0.1"
    module: ejabberd_http
    backlog: 1024
    request_handlers:
      /ws: ejabberd_http_ws
      /api: mod_http_api
auth_method: internal
auth_password_format: plain
access_rules:
  c2s:
    allow: all
  muc_create:
    allow: all
api_permissions:
  "bench over loopback":
    who:
      ip: 127.0.0.0/8
    what: "*"
shaper_rules:
  max_user_sessions: 10
modules:
  mod_http_api: {}
  mod_muc_admin: {}
  mod_stream_mgmt: {}
  mod_muc:
    access_create: muc_create
    max_users: 1000
    default_room_options:
      persistent: true
      members_only: true
      max_users: 1000
`;
}
