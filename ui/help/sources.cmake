# Sources of the Help pages (paths relative to ui/): Getting started and the keyboard shortcuts.
list(APPEND KVS_UI_SOURCES
    help/getting_started.cpp
    help/shortcut_list.cpp
    help/shortcuts_dialog.cpp
)
