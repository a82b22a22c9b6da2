# Sources of a database tab (paths relative to ui/): its session, and the view that holds and
# wires the tab's panes.
list(APPEND KVS_UI_SOURCES
    session/database_session.cpp
    session/session_tunnel.cpp
    session/view_preferences.cpp
    session/key_search_wiring.cpp
    session/analysis_wiring.cpp
    session/outage_wiring.cpp
    session/server_role_status.cpp
    session/server_role_wiring.cpp
    session/maintenance_wiring.cpp
    session/database_import.cpp
    session/database_backup.cpp
    session/database_restore.cpp
    session/database_undo.cpp
    session/undo_conflict_dialog.cpp
    session/recently_deleted_dialog.cpp
    session/running_jobs.cpp
    session/write_expiry.cpp
    session/database_view.cpp
)
