# Issue 36, part 2: the session that comes back. The file (what it keeps, atomic, 0600, refused
# when foreign), and the window restoring its tabs (kvs-admin itself for kill -9 and
# --new-session).
kvs_add_test(tst_session_state restore/tst_session_state.cpp LIBS kvs_ui)
kvs_add_test(tst_session_restore restore/tst_session_restore.cpp LIBS kvs_ui)
if(TARGET tst_session_restore)
    kvs_test_path(tst_session_restore KVS_ADMIN_PATH "$<TARGET_FILE:kvs-admin>")
    add_dependencies(tst_session_restore kvs-admin)
endif()
