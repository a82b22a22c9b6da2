# Tests of the theme: the palette's contrast under light and dark desktop themes.
kvs_add_test(tst_theme_palette tst_theme_palette.cpp LIBS kvs_ui)
