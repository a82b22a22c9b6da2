# Sources of the tree pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
)
