# Sources of a tab's reconnect mechanism (paths relative to ui/): the monitor every view reports
# a lost connection to, the clock's timer its backoff waits on, the banner each view shows while
# offline, and the gate that switches off what needs the server.
list(APPEND KVS_UI_SOURCES
    reconnect/reconnect_monitor.cpp
    reconnect/outage_banner.cpp
    reconnect/server_action_gate.cpp
)
