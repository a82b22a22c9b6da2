#pragma once

#include <QColor>
#include <QString>
#include <QWidget>

namespace kvs::ui {

// A coloured strip across the top of a production tab's views and of the dialogs it opens: the
// connection's colour, and a text in it when it has one ("production · orders"). Without text
// it is a thin bar. Thread rule: GUI thread only.
class EnvironmentStrip : public QWidget
{
    Q_OBJECT

public:
    explicit EnvironmentStrip(QWidget *parent = nullptr);

    void setColour(const QColor &colour);
    QColor colour() const { return m_colour; }
    void setText(const QString &text);
    QString text() const { return m_text; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QColor m_colour;
    QString m_text;
};

} // namespace kvs::ui
