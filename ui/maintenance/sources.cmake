# Sources of the Maintenance view (paths relative to ui/).
list(APPEND KVS_UI_SOURCES
    maintenance/maintenance_actions.cpp
    maintenance/maintenance_controller.cpp
    maintenance/maintenance_pane.cpp
    maintenance/pg_activity_models.cpp
)
