# Tests of the connection pane.
kvs_add_test(tst_connection_spec tst_connection_spec.cpp LIBS kvs_ui)
# SQLite::SQLite3 only builds files that are not kvs databases (support/raw_sqlite.h).
kvs_add_test(tst_connection_dialog tst_connection_dialog.cpp LIBS kvs_ui SQLite::SQLite3)
kvs_test_path(tst_connection_dialog KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
kvs_add_test(tst_connection_secrets tst_connection_secrets.cpp LIBS kvs_ui)
kvs_test_path(tst_connection_secrets KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
kvs_add_test(tst_connection_dialog_postgres tst_connection_dialog_postgres.cpp
    LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
kvs_test_path(tst_connection_dialog_postgres KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
kvs_add_test(tst_connection_resolver_postgres tst_connection_resolver_postgres.cpp
    LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
kvs_add_test(tst_database_session_postgres tst_database_session_postgres.cpp
    LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
# Issue 17: the settings file is the owner's only (0600).
kvs_add_test(tst_settings_permissions tst_settings_permissions.cpp LIBS kvs_ui)
# Issue 17: no password in any text, settings file or log of the window's connection paths.
kvs_add_test(tst_gui_secrets tst_gui_secrets.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
# Issue 35: the Connections list, and a tab matched to its saved production connection.
kvs_add_test(tst_saved_connections_ui tst_saved_connections_ui.cpp LIBS kvs_ui)
kvs_test_path(tst_saved_connections_ui KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
kvs_add_test(tst_saved_connection_postgres tst_saved_connection_postgres.cpp
    LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
# Issue 34: the SSH part of the dialog and a tab's tunnel (the run's sshd and PostgreSQL).
kvs_add_test(tst_ssh_connection tst_ssh_connection.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS "postgres;ssh")
kvs_test_path(tst_ssh_connection KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
# Issue 36: a connection's password from a command (the dialog, a tab, the Tables view).
kvs_add_test(tst_connection_password_command tst_connection_password_command.cpp LIBS kvs_ui
             kvs_rawsql PostgreSQL::PostgreSQL LABELS postgres)
