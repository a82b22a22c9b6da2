# Tests of the key tree pane. The PostgreSQL rows run when the test command started a server.
kvs_add_test(tst_key_tree_model tst_key_tree_model.cpp LIBS kvs_ui PostgreSQL::PostgreSQL
             LABELS postgres)
# Freed memory filled with a pattern: a use after free crashes instead of passing by luck.
set_property(TEST tst_key_tree_model APPEND PROPERTY ENVIRONMENT MALLOC_PERTURB_=165)
# The key tree following other processes' commits (the kvs CLI writes): SQLite, and PostgreSQL
# when the test command started a server.
kvs_add_test(tst_key_tree_live_refresh tree/tst_key_tree_live_refresh.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
if(TARGET tst_key_tree_live_refresh)
    add_dependencies(tst_key_tree_live_refresh kvs)
endif()
# Not a test: prints the live tree's figures for the notes (idle CPU, commit-to-row delay).
# Built on request only: cmake --build build --target measure_live_tree
add_executable(measure_live_tree EXCLUDE_FROM_ALL tree/measure_live_tree.cpp)
target_link_libraries(measure_live_tree PRIVATE kvs_ui)
target_include_directories(measure_live_tree PRIVATE ${KVS_TESTS_ROOT})
# The row menu's copy actions, Ctrl+C / Del / F2 and the subtree's bulk actions (issue 12).
kvs_add_test(tst_key_row_actions tst_key_row_actions.cpp LIBS kvs_ui SQLite::SQLite3)
if(TARGET tst_key_row_actions)
    # The README's screenshot of an export in progress (scripts/update-screenshots.sh).
    kvs_test_path(tst_key_row_actions KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# The value columns (kind, size, expiry countdown) on SQLite and PostgreSQL, and the tree's
# screenshot with them (scripts/update-screenshots.sh).
kvs_add_test(tst_key_tree_columns tree/tst_key_tree_columns.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
if(TARGET tst_key_tree_columns)
    kvs_test_path(tst_key_tree_columns KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
# Placeholder rows of "Go to key": their counts, and reading them as they scroll into view.
kvs_add_test(tst_tree_placeholders tree/tst_tree_placeholders.cpp LIBS kvs_ui)
set_tests_properties(tst_tree_placeholders PROPERTIES ENVIRONMENT
    "QT_QPA_PLATFORM=offscreen;KVS_UNDO_DIR=${CMAKE_CURRENT_BINARY_DIR}/undo/tst_tree_placeholders")
# Issue 12, defect 8: rows outside the key space and undecodable rows (SQLite, and PostgreSQL
# when the test command started a server).
kvs_add_test(tst_outside_rows tree/tst_outside_rows.cpp
             LIBS kvs_ui SQLite::SQLite3 PostgreSQL::PostgreSQL LABELS postgres)
# Issue 12: "Copy subtree to" another open database, SQLite -> PostgreSQL and back.
kvs_add_test(tst_subtree_copy tree/tst_subtree_copy.cpp
             LIBS kvs_ui SQLite::SQLite3 PostgreSQL::PostgreSQL LABELS postgres)
# The row menu's subtree bulk actions on PostgreSQL.
kvs_add_test(tst_key_row_actions_postgres tree/tst_key_row_actions_postgres.cpp
             LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
