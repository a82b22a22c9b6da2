# Tests of the inspector pane. The store-backed tests are built twice from one source: on SQLite
# files, and on PostgreSQL (KVS_INSPECTOR_POSTGRES, label postgres) against the server of
# scripts/run-tests.sh.
kvs_add_test(tst_inspector_printing tst_inspector_printing.cpp LIBS kvs_ui)

foreach(name tst_inspector_view tst_inspector_edit)
    kvs_add_test(${name} ${name}.cpp LIBS kvs_ui SQLite::SQLite3)
    kvs_add_test(${name}_postgres ${name}.cpp LIBS kvs_ui PostgreSQL::PostgreSQL LABELS postgres)
    if(TARGET ${name})
        kvs_test_path(${name} KVS_SCREENSHOT_DIR "${CMAKE_BINARY_DIR}/screenshots")
        target_compile_definitions(${name}_postgres PRIVATE KVS_INSPECTOR_POSTGRES)
    endif()
endforeach()

# A 20 MB value is prepared on the inspector's worker while a GUI timer keeps ticking, and shown
# with the work of what is on screen (kvs-gui-bench times it: inspector_open_20mb).
kvs_add_test(tst_inspector_large tst_inspector_large.cpp LIBS kvs_ui)

# The structured value view: lazy rows, paths, a 100,000-element value, copy; its screenshot.
kvs_add_test(tst_structured_value inspector/tst_structured_value.cpp LIBS kvs_ui)
if(TARGET tst_structured_value)
    kvs_test_path(tst_structured_value KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
