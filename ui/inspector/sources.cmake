# Sources of the inspector pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    inspector/conflict_view.cpp
    inspector/entry_header.cpp
    inspector/expiry_choice.cpp
    inspector/expiry_edit.cpp
    inspector/hex_bytes_model.cpp
    inspector/inspected_entry.cpp
    inspector/inspector_actions.cpp
    inspector/inspector_controller.cpp
    inspector/new_key_dialog.cpp
    inspector/value_edit_panel.cpp
    inspector/value_inspector.cpp
    inspector/value_view.cpp
    inspector/structured_value_model.cpp
    inspector/structured_value_view.cpp
)
