// GitHub's libcmark with its core extensions (tables, strikethrough, autolink, task lists).
// libcmark de GitHub con sus extensiones (tablas, tachado, autoenlaces, listas de tareas).
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
