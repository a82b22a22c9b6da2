#include "inspector/structured_value_view.h"

#include "inspector/structured_value_model.h"

#include <kvs/literal.h>

#include <QAction>
#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace kvs::ui {

StructuredValueView::StructuredValueView(QWidget *parent)
    : QWidget(parent)
    , m_model(new StructuredValueModel(this))
    , m_tree(new QTreeView(this))
    , m_detail(new QPlainTextEdit(this))
    , m_copyPath(new QAction(tr("Copy Path"), this))
    , m_copyValue(new QAction(tr("Copy Value as Literal"), this))
{
    m_tree->setObjectName(QStringLiteral("structuredTree"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true); // 100,000 rows stay fast to lay out
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setFrameShape(QFrame::NoFrame);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(StructuredValueModel::KeyColumn,
                                           QHeaderView::Interactive);
    m_tree->header()->resizeSection(StructuredValueModel::KeyColumn,
                                    fontMetrics().horizontalAdvance(QLatin1Char('M')) * 14);
    m_tree->header()->resizeSection(StructuredValueModel::TypeColumn,
                                    fontMetrics().horizontalAdvance(QLatin1Char('M')) * 6);

    m_detail->setObjectName(QStringLiteral("structuredDetail"));
    m_detail->setReadOnly(true);
    m_detail->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detail->setFrameShape(QFrame::NoFrame);
    m_detail->setPlaceholderText(tr("Select a row to see it whole."));

    // Ctrl+C while the tree has focus; the detail pane keeps its own text copy.
    m_copyPath->setShortcut(QKeySequence::Copy);
    m_copyPath->setShortcutContext(Qt::WidgetShortcut);
    m_tree->addAction(m_copyPath);
    connect(m_copyPath, &QAction::triggered, this, &StructuredValueView::copyPath);
    connect(m_copyValue, &QAction::triggered, this, &StructuredValueView::copyValue);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (!m_tree->indexAt(pos).isValid())
            return;
        auto *menu = new QMenu(m_tree);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->addAction(m_copyPath);
        menu->addAction(m_copyValue);
        menu->popup(m_tree->viewport()->mapToGlobal(pos));
    });
    connect(m_tree->selectionModel(),
            &QItemSelectionModel::currentChanged,
            this,
            &StructuredValueView::showDetail);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
}

void StructuredValueView::setValue(std::shared_ptr<const Value> value)
{
    m_model->setValue(std::move(value));
    m_detail->clear();
    // Expanded, not selected: the detail of a 20 MB value is made only when asked for.
    const QModelIndex top = m_model->index(0, 0);
    if (top.isValid())
        m_tree->expand(top);
}

void StructuredValueView::showDetail()
{
    const QModelIndex current = m_tree->currentIndex();
    m_detail->setPlainText(current.isValid()
                               ? current.data(StructuredValueModel::DetailTextRole).toString()
                               : QString());
}

void StructuredValueView::copyPath()
{
    const QModelIndex current = m_tree->currentIndex();
    if (!current.isValid())
        return;
    const QString path = current.data(StructuredValueModel::PathLiteralRole).toString();
    QGuiApplication::clipboard()->setText(path);
    emit copied(tr("Copied path %1").arg(path));
}

void StructuredValueView::copyValue()
{
    const Value *value = m_model->valueAt(m_tree->currentIndex());
    if (!value)
        return;
    QGuiApplication::clipboard()->setText(QString::fromStdString(printLiteral(*value)));
    emit copied(tr("Copied the value as a literal"));
}

} // namespace kvs::ui
