# Sources of the inspector pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
)
