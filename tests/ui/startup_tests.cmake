# Tests of start-up (issue #16): one running instance per user, the language setting.
kvs_add_test(tst_single_instance tst_single_instance.cpp LIBS kvs_ui Qt6::Network)
kvs_add_test(tst_ui_language tst_ui_language.cpp LIBS kvs_ui)
