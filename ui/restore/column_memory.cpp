#include "restore/column_memory.h"

#include "restore/tab_state_capture.h"

#include <QEvent>
#include <QHeaderView>
#include <QSettings>

namespace kvs::ui {

namespace {

const QString kGroup = QStringLiteral("layout/columns/");

} // namespace

ColumnMemory::ColumnMemory(QWidget *view)
    : QObject(view)
    , m_view(view)
{
    QSettings settings;
    for (QHeaderView *header : view->findChildren<QHeaderView *>()) {
        if (header->orientation() != Qt::Horizontal)
            continue;
        m_ports.insert(header->viewport(), header);
        header->viewport()->installEventFilter(this);
        for (int column = 0; column < header->count(); ++column) {
            const QVariant width = settings.value(settingsKey(*header, *view, column));
            if (width.isValid() && header->sectionResizeMode(column) == QHeaderView::Interactive)
                header->resizeSection(column, width.toInt());
        }
        connect(
            header, &QHeaderView::sectionResized, this, [this, header](int column, int, int width) {
                if (m_pressed == header)
                    remember(header, column, width);
            });
    }
}

QString ColumnMemory::settingsKey(const QHeaderView &header, const QWidget &view, int column)
{
    return kGroup + objectPath(header, view) + QLatin1Char('/') + QString::number(column);
}

bool ColumnMemory::eventFilter(QObject *watched, QEvent *event)
{
    const auto port = m_ports.constFind(watched);
    if (port != m_ports.cend()) {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonDblClick:
            m_pressed = *port;
            break;
        case QEvent::MouseButtonRelease:
            // A double click's resize comes before its release; a drag's during the moves.
            m_pressed = nullptr;
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void ColumnMemory::remember(QHeaderView *header, int column, int width)
{
    QSettings().setValue(settingsKey(*header, *m_view, column), width);
}

} // namespace kvs::ui
