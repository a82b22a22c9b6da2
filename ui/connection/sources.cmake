# Sources of the connection pane (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    connection/connection_dialog.cpp
    connection/connection_spec.cpp
    connection/connection_test_result.cpp
    connection/connection_test_status.cpp
    connection/connection_tester.cpp
    connection/dialog_password_prompt.cpp
    connection/keychain_secret_store.cpp
    connection/memory_secret_store.cpp
    connection/password_dialog.cpp
    connection/password_command_box.cpp
    connection/password_resolver.cpp
    connection/postgres_connection_page.cpp
    connection/recent_connections.cpp
    connection/saved_connection_look.cpp
    connection/saved_connection_editor.cpp
    connection/saved_connections_panel.cpp
    connection/secret_store.cpp
    connection/sqlite_connection_page.cpp
    connection/ssh_options_box.cpp
    connection/ssh_host_key_dialog.cpp
    connection/ssh_askpass.cpp
    connection/ssh_tunnel_settings.cpp
    connection/tls_options_box.cpp
)
