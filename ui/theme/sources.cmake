# Sources of the theme: the UI's colours by role (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    theme/app_icons.cpp
    theme/contrast.cpp
    theme/ui_palette.cpp
)
