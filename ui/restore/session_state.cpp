#include "restore/session_state.h"

#include <kvs/data_folder.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace kvs::ui {

namespace {

constexpr int kFormat = 1;

QJsonArray stringsToJson(const QStringList &strings)
{
    QJsonArray array;
    for (const QString &string : strings)
        array.append(string);
    return array;
}

QStringList stringsFromJson(const QJsonValue &value)
{
    QStringList strings;
    for (const QJsonValue &item : value.toArray())
        if (item.isString())
            strings.append(item.toString());
    return strings;
}

QJsonObject tabToJson(const TabState &tab)
{
    QJsonObject object;
    object.insert(QStringLiteral("connection"),
                  QJsonObject::fromVariantMap(tab.spec.toVariantMap()));
    object.insert(QStringLiteral("view"), tab.view);
    object.insert(QStringLiteral("selectedKey"), tab.selectedKey);
    object.insert(QStringLiteral("expandedKeys"), stringsToJson(tab.expandedKeys));
    QJsonObject splitters;
    for (auto it = tab.splitters.cbegin(); it != tab.splitters.cend(); ++it)
        splitters.insert(it.key(), QString::fromLatin1(it.value().toBase64()));
    object.insert(QStringLiteral("splitters"), splitters);
    return object;
}

std::optional<TabState> tabFromJson(const QJsonObject &object)
{
    std::optional<ConnectionSpec> spec = ConnectionSpec::fromVariantMap(
        object.value(QStringLiteral("connection")).toObject().toVariantMap());
    if (!spec)
        return std::nullopt;
    spec->setCreateNew(false); // a restored tab never creates what has gone
    TabState tab;
    tab.spec = *spec;
    tab.view = object.value(QStringLiteral("view")).toString();
    tab.selectedKey = object.value(QStringLiteral("selectedKey")).toString();
    tab.expandedKeys = stringsFromJson(object.value(QStringLiteral("expandedKeys")));
    const QJsonObject splitters = object.value(QStringLiteral("splitters")).toObject();
    for (auto it = splitters.constBegin(); it != splitters.constEnd(); ++it)
        tab.splitters.insert(it.key(), QByteArray::fromBase64(it.value().toString().toLatin1()));
    return tab;
}

} // namespace

QString sessionStatePath()
{
    return QString::fromStdString(kvs::dataFilePath("session.json"));
}

QByteArray sessionStateToJson(const SessionState &state)
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), kFormat);
    if (!state.geometry.isNull()) {
        root.insert(QStringLiteral("geometry"),
                    QJsonArray{state.geometry.x(),
                               state.geometry.y(),
                               state.geometry.width(),
                               state.geometry.height()});
    }
    root.insert(QStringLiteral("maximized"), state.maximized);
    root.insert(QStringLiteral("currentTab"), state.currentTab);
    QJsonArray tabs;
    for (const TabState &tab : state.tabs)
        tabs.append(tabToJson(tab));
    root.insert(QStringLiteral("tabs"), tabs);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

std::optional<SessionState> sessionStateFromJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (!document.isObject()) {
        *error = QStringLiteral("not a session file: %1").arg(parseError.errorString());
        return std::nullopt;
    }
    const QJsonObject root = document.object();
    const int format = root.value(QStringLiteral("format")).toInt();
    if (format != kFormat) {
        *error = QStringLiteral("session file format %1, this version reads %2")
                     .arg(format)
                     .arg(kFormat);
        return std::nullopt;
    }
    SessionState state;
    const QJsonArray geometry = root.value(QStringLiteral("geometry")).toArray();
    if (geometry.size() == 4)
        state.geometry = QRect(geometry.at(0).toInt(),
                               geometry.at(1).toInt(),
                               geometry.at(2).toInt(),
                               geometry.at(3).toInt());
    state.maximized = root.value(QStringLiteral("maximized")).toBool();
    state.currentTab = root.value(QStringLiteral("currentTab")).toInt(-1);
    for (const QJsonValue &value : root.value(QStringLiteral("tabs")).toArray())
        if (std::optional<TabState> tab = tabFromJson(value.toObject()))
            state.tabs.append(*tab);
    if (state.currentTab >= state.tabs.size())
        state.currentTab = state.tabs.size() - 1;
    return state;
}

bool writeSessionState(const SessionState &state, const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!QDir().mkpath(info.absolutePath())) {
        *error = QStringLiteral("cannot create the folder %1").arg(info.absolutePath());
        return false;
    }
    QFile::setPermissions(info.absolutePath(),
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QSaveFile file(path); // written beside, synced, renamed over the old one on commit
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(sessionStateToJson(state));
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

std::optional<SessionState> readSessionState(const QString &path, QString *error)
{
    error->clear();
    QFile file(path);
    if (!file.exists())
        return std::nullopt;
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return std::nullopt;
    }
    return sessionStateFromJson(file.readAll(), error);
}

} // namespace kvs::ui
