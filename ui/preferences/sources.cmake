# Sources of the Preferences dialog and its page registry (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    preferences/preference_keys.cpp
    preferences/preferences_page.cpp
    preferences/preferences_registry.cpp
    preferences/number_fields_page.cpp
    preferences/language_page.cpp
    preferences/undo_page.cpp
    preferences/standard_preference_pages.cpp
    preferences/preferences_dialog.cpp
)
