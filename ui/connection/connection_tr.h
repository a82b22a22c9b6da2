#pragma once

#include <QCoreApplication>

namespace kvs::ui {

// tr() for the connection pane's code that is not a QObject (STYLE.md 22): the kvs_ui context.
struct ConnectionTr
{
    Q_DECLARE_TR_FUNCTIONS(KvsUi)
};

} // namespace kvs::ui
