# Sources of the theme: the UI's colours by role (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    theme/contrast.cpp
    theme/ui_palette.cpp
)
