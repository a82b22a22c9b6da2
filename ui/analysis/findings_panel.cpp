#include "analysis/findings_panel.h"

#include <kvs/key_space_findings.h>

#include <QJsonArray>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QVBoxLayout>

namespace kvs::ui {

namespace {

// The top-level child holding more than kDominantShare of the bytes ("" when none does).
QString dominantChild(const QJsonObject &report)
{
    const QJsonObject tree = report.value(QStringLiteral("tree")).toObject();
    for (const QJsonValue child : tree.value(QStringLiteral("children")).toArray()) {
        if (child.toObject().value(QStringLiteral("share")).toDouble() > kDominantShare)
            return child.toObject().value(QStringLiteral("key")).toString();
    }
    return {};
}

// The topic an "old-dead-letters" sentence names: its first quoted word.
QString quotedTopic(const QString &text)
{
    static const QRegularExpression quoted(QStringLiteral("\"([^\"]*)\""));
    const QRegularExpressionMatch match = quoted.match(text);
    return match.hasMatch() ? match.captured(1) : QString();
}

} // namespace

QString FindingsPanel::largeValuesCondition()
{
    return QStringLiteral("size >= %1").arg(kLargeValueBytes);
}

FindingsPanel::FindingsPanel(QWidget *parent)
    : QWidget(parent)
    , m_none(new QLabel(this))
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    m_list = new QVBoxLayout(content);
    m_none->setText(tr("Run an analysis to see its findings."));
    m_none->setWordWrap(true);
    m_list->addWidget(m_none);
    m_list->addStretch(1);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

QString FindingsPanel::headingOf(const QString &rule)
{
    if (rule == QLatin1String("expired-not-cleaned"))
        return tr("Expired entries are still stored");
    if (rule == QLatin1String("large-values"))
        return tr("Large values");
    if (rule == QLatin1String("dominant-prefix"))
        return tr("One prefix holds most of the bytes");
    if (rule == QLatin1String("undecodable-rows"))
        return tr("Rows that do not decode");
    if (rule == QLatin1String("rows-outside-key-space"))
        return tr("Rows outside the key space");
    if (rule == QLatin1String("old-dead-letters"))
        return tr("Old dead letters");
    if (rule == QLatin1String("free-pages"))
        return tr("Much of the file is free");
    if (rule == QLatin1String("wal-larger-than-database"))
        return tr("The WAL is larger than the database");
    return rule;
}

void FindingsPanel::clear()
{
    // Every row but the "none" label and the stretch.
    while (m_list->count() > 2) {
        QLayoutItem *item = m_list->takeAt(1);
        if (QWidget *widget = item->widget()) {
            widget->hide();
            widget->deleteLater();
        }
        delete item;
    }
    m_rules.clear();
    m_links.clear();
}

QPushButton *
FindingsPanel::linkFor(const QString &rule, const QString &text, const QJsonObject &report)
{
    const QString prefix = report.value(QStringLiteral("prefix")).toString();
    auto *link = new QPushButton;
    link->setFlat(true);
    link->setCursor(Qt::PointingHandCursor);
    link->setStyleSheet(QStringLiteral("QPushButton { color: palette(link); text-align: left; }"));
    if (rule == QLatin1String("large-values")) {
        link->setText(tr("Search for these values"));
        connect(link, &QPushButton::clicked, this, [this, prefix] {
            emit valueSearchRequested(prefix, largeValuesCondition());
        });
    } else if (rule == QLatin1String("dominant-prefix")) {
        const QString key = dominantChild(report);
        link->setText(tr("Show %1 in the key tree").arg(key));
        connect(link, &QPushButton::clicked, this, [this, key] { emit treeRequested(key); });
    } else if (rule == QLatin1String("undecodable-rows")
               || rule == QLatin1String("rows-outside-key-space")) {
        link->setText(tr("Show in the key tree"));
        connect(link, &QPushButton::clicked, this, [this, prefix] { emit treeRequested(prefix); });
    } else {
        // The storage and queue findings, and expired entries: what maintenance is for.
        const QString topic
            = rule == QLatin1String("old-dead-letters") ? quotedTopic(text) : QString();
        link->setText(tr("Open maintenance"));
        connect(link, &QPushButton::clicked, this, [this, rule, topic] {
            emit maintenanceRequested(rule, topic);
        });
    }
    return link;
}

void FindingsPanel::setReport(const QJsonObject &report)
{
    clear();
    const QJsonArray findings = report.value(QStringLiteral("findings")).toArray();
    m_none->setText(report.isEmpty() ? tr("Run an analysis to see its findings.")
                                     : tr("Nothing to report: no rule found anything."));
    m_none->setVisible(findings.isEmpty());
    int at = 1;
    for (const QJsonValue value : findings) {
        const QJsonObject finding = value.toObject();
        const QString rule = finding.value(QStringLiteral("rule")).toString();
        const QString text = finding.value(QStringLiteral("text")).toString();
        auto *row = new QWidget;
        row->setObjectName(QStringLiteral("finding-%1").arg(rule));
        auto *rowLayout = new QVBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 6);
        rowLayout->setSpacing(0);
        auto *heading
            = new QLabel(QStringLiteral("<b>%1</b>").arg(headingOf(rule).toHtmlEscaped()));
        auto *sentence = new QLabel(text);
        sentence->setWordWrap(true);
        sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
        rowLayout->addWidget(heading);
        rowLayout->addWidget(sentence);
        QPushButton *link = linkFor(rule, text, report);
        rowLayout->addWidget(link, 0, Qt::AlignLeft);
        m_list->insertWidget(at++, row);
        m_rules.append(rule);
        m_links.push_back(link);
    }
}

QPushButton *FindingsPanel::linkOf(int index) const
{
    return index >= 0 && index < int(m_links.size()) ? m_links[std::size_t(index)] : nullptr;
}

} // namespace kvs::ui
