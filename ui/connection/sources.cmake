# Sources of the connection pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
)
