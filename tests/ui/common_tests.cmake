# Tests of what the views share: the timer on a tab's clock.
kvs_add_test(tst_clock_timer common/tst_clock_timer.cpp LIBS kvs_ui)
