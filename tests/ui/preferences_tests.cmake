# Tests of the Preferences dialog (issue 12): values persist, the file is 0600.
kvs_add_test(tst_preferences_dialog preferences/tst_preferences_dialog.cpp LIBS kvs_ui)
if(TARGET tst_preferences_dialog)
    kvs_test_path(tst_preferences_dialog KVS_SCREENSHOT_DIR "${CMAKE_CURRENT_BINARY_DIR}/screenshots")
endif()
