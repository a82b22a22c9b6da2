# Sources of the connection pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    connection/connection_spec.cpp
    connection/recent_connections.cpp
)
