# Tests of start-up (issue #16): one running instance per user, the language setting.
kvs_add_test(tst_single_instance tst_single_instance.cpp LIBS kvs_ui Qt6::Network)
kvs_add_test(tst_ui_language tst_ui_language.cpp LIBS kvs_ui)
# Issue 28: SIGTERM and SIGINT to the GUI with a bulk job running: the job's batch ends and is
# recorded, then the process exits 143 / 130. On a SQLite file, and on PostgreSQL.
kvs_add_test(tst_gui_termination tst_gui_termination.cpp LIBS kvs_ui PostgreSQL::PostgreSQL)
if(TARGET tst_gui_termination)
    add_test(NAME tst_gui_termination_postgres COMMAND tst_gui_termination)
    set_tests_properties(tst_gui_termination_postgres PROPERTIES LABELS postgres
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;KVS_QUEUES_BACKEND=postgres;KVS_AUDIT_LOG=${CMAKE_CURRENT_BINARY_DIR}/audit/tst_gui_termination_postgres.jsonl")
endif()
# Issue 28: one data folder, and the one-time move of the former one (kvs-admin --smoke).
kvs_add_test(tst_data_folder tst_data_folder.cpp LIBS kvs_ui)
if(TARGET tst_data_folder)
    kvs_test_path(tst_data_folder KVS_ADMIN_PATH "$<TARGET_FILE:kvs-admin>")
    add_dependencies(tst_data_folder kvs-admin)
endif()
