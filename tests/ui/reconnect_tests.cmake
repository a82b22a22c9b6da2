# Tests of a tab's reconnect mechanism (ui/reconnect/, issue 30).
kvs_add_test(tst_reconnect_monitor reconnect/tst_reconnect_monitor.cpp LIBS kvs_ui)
kvs_add_test(tst_outage_views reconnect/tst_outage_views.cpp LIBS kvs_ui)
