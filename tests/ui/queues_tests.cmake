# Tests of the queue dashboard (ui/queues/).
kvs_add_test(tst_queues_pane queues/tst_queues_pane.cpp LIBS kvs_ui)
if(TARGET tst_queues_pane)
    kvs_test_path(tst_queues_pane KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# The dashboard against a database others write: on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queues_live queues/tst_queues_live.cpp
             LIBS kvs_ui SQLite::SQLite3 PostgreSQL::PostgreSQL)
if(TARGET tst_queues_live)
    add_test(NAME tst_queues_live_postgres COMMAND tst_queues_live)
    set_tests_properties(tst_queues_live_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queues_live_postgres.jsonl;KVS_QUEUE_HISTORY_DIR=${CMAKE_CURRENT_BINARY_DIR}/queue-history/tst_queues_live_postgres")
endif()
# The queue charts: the history's bound, rates and file; sampling on a real SQLite file.
# Issue 43: the dead letters grouped by error signature above the browser.
kvs_add_test(tst_dead_letter_groups_panel queues/tst_dead_letter_groups_panel.cpp LIBS kvs_ui)
if(TARGET tst_dead_letter_groups_panel)
    kvs_test_path(tst_dead_letter_groups_panel KVS_SCREENSHOT_DIR
                  "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
kvs_add_test(tst_queue_history queues/tst_queue_history.cpp LIBS kvs_ui)
kvs_add_test(tst_queue_charts queues/tst_queue_charts.cpp LIBS kvs_ui)
# The message browser's filters, pages and counts, on a SQLite file and on PostgreSQL.
kvs_add_test(tst_queues_browser queues/tst_queues_browser.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_queues_browser)
    add_test(NAME tst_queues_browser_postgres COMMAND tst_queues_browser)
    set_tests_properties(tst_queues_browser_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queues_browser_postgres.jsonl;KVS_QUEUE_HISTORY_DIR=${CMAKE_CURRENT_BINARY_DIR}/queue-history/tst_queues_browser_postgres")
endif()
# The bulk job: pause, resume, cancel, auto-pause, scheduled start, export before delete; on a
# SQLite file and on PostgreSQL.
kvs_add_test(tst_sweep_job queues/tst_sweep_job.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_sweep_job)
    add_test(NAME tst_sweep_job_postgres COMMAND tst_sweep_job)
    set_tests_properties(tst_sweep_job_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_sweep_job_postgres.jsonl")
endif()
# The single-message actions (enqueue, clean done, edit and re-enqueue), the payload key-path
# filter and the audit log viewer: on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queue_actions queues/tst_queue_actions.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_queue_actions)
    add_test(NAME tst_queue_actions_postgres COMMAND tst_queue_actions)
    set_tests_properties(tst_queue_actions_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queue_actions_postgres.jsonl")
endif()
# Closing a database tab, or quitting, with the Queues view's refresh, count or sweep in flight:
# on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queues_teardown queues/tst_queues_teardown.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_queues_teardown)
    add_test(NAME tst_queues_teardown_postgres COMMAND tst_queues_teardown)
    set_tests_properties(tst_queues_teardown_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queues_teardown_postgres.jsonl;KVS_QUEUE_HISTORY_DIR=${CMAKE_CURRENT_BINARY_DIR}/queue-history/tst_queues_teardown_postgres")
endif()
# The view's layout at the default window size and a smaller one, and the README's screenshots.
kvs_add_test(tst_queues_layout queues/tst_queues_layout.cpp LIBS kvs_ui)
if(TARGET tst_queues_layout)
    kvs_test_path(tst_queues_layout KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# Issue 28: the GUI's actions and the audit log (started and ended lines, refusal, the
# confirmation's choice, interrupted jobs, the viewer): on a SQLite file, and on PostgreSQL.
kvs_add_test(tst_queue_audit queues/tst_queue_audit.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_queue_audit)
    add_test(NAME tst_queue_audit_postgres COMMAND tst_queue_audit)
    set_tests_properties(tst_queue_audit_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_queue_audit_postgres.jsonl")
endif()
# Issue 38: the payload filter as a condition on the payload.
kvs_add_test(tst_queues_payload_condition queues/tst_queues_payload_condition.cpp LIBS kvs_ui)
