# Tests of the queue dashboard (ui/queues/).
kvs_add_test(tst_queues_pane queues/tst_queues_pane.cpp LIBS kvs_ui)
if(TARGET tst_queues_pane)
    target_compile_definitions(tst_queues_pane PRIVATE
        KVS_SCREENSHOT_DIR="${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# The dashboard against a database others write: on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queues_live queues/tst_queues_live.cpp
             LIBS kvs_ui SQLite::SQLite3 PostgreSQL::PostgreSQL)
if(TARGET tst_queues_live)
    add_test(NAME tst_queues_live_postgres COMMAND tst_queues_live)
    set_tests_properties(tst_queues_live_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queues_live_postgres.jsonl")
endif()
# The single-message actions (enqueue, clean done, edit and re-enqueue), the payload key-path
# filter and the audit log viewer: on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queue_actions queues/tst_queue_actions.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_queue_actions)
    add_test(NAME tst_queue_actions_postgres COMMAND tst_queue_actions)
    set_tests_properties(tst_queue_actions_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queue_actions_postgres.jsonl")
endif()
