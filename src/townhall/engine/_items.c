/* Float32 items of an observation buffer stored from compiled code (townhall.engine.items): an item
 * store through a memoryview costs about 200 instructions (it parses the format at every store),
 * through NumPy more; an observer stores tens per look. Built by the compiled build only
 * (setup.py); the pure build stores through a memoryview, to the same effect (tested). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

typedef struct {
    PyObject_HEAD
    Py_buffer source; /* the buffer's export, held while this object lives */
    float *data;      /* the first item of the run */
    Py_ssize_t size;  /* items in the run */
    Py_ssize_t itemsize;
} Items;

static PyTypeObject ItemsType;

static int is_float32(const char *format) {
    if (format == NULL) {
        return 0;
    }
    if (format[0] == '<' || format[0] == '=' || format[0] == '@') {
        format++; /* little-endian is native on every machine this builds for */
    }
    return format[0] == 'f' && format[1] == '\0';
}

static PyObject *items_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"buffer", "start", "size", NULL};
    PyObject *buffer;
    Py_ssize_t start = 0, size = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|nn:Items", names, &buffer, &start, &size)) {
        return NULL;
    }
    Items *self = (Items *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    if (PyObject_GetBuffer(buffer, &self->source, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_STRIDES) < 0) {
        self->source.obj = NULL;
        Py_DECREF(self);
        return NULL;
    }
    if (self->source.itemsize != 4 || !is_float32(self->source.format) || !PyBuffer_IsContiguous(&self->source, 'C')) {
        PyErr_Format(PyExc_TypeError, "items need a contiguous float32 buffer, not format %s",
                     self->source.format ? self->source.format : "B");
        Py_DECREF(self);
        return NULL;
    }
    Py_ssize_t total = self->source.len / 4;
    if (size < 0) {
        size = total - start;
    }
    if (start < 0 || size < 0 || start + size > total) {
        PyErr_Format(PyExc_ValueError, "items %zd..%zd are outside the buffer of %zd", start, start + size, total);
        Py_DECREF(self);
        return NULL;
    }
    self->data = (float *)self->source.buf + start;
    self->size = size;
    self->itemsize = 4;
    return (PyObject *)self;
}

static void items_dealloc(Items *self) {
    if (self->source.obj != NULL) {
        PyBuffer_Release(&self->source);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t items_length(Items *self) { return self->size; }

/* The item's place, or -1 with an exception (a negative index counts from the end, as a list's). */
static Py_ssize_t place(Items *self, PyObject *index) {
    Py_ssize_t at = PyLong_AsSsize_t(index);
    if (at == -1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "Items take an int index, not %.100s", Py_TYPE(index)->tp_name);
        }
        return -1;
    }
    if (at < 0) {
        at += self->size;
    }
    if (at < 0 || at >= self->size) {
        PyErr_SetString(PyExc_IndexError, "item index out of range");
        return -1;
    }
    return at;
}

/* The value as a double, or -1.0 with an exception. */
static double value_of(PyObject *value) {
    if (PyFloat_CheckExact(value)) {
        return PyFloat_AS_DOUBLE(value);
    }
    return PyFloat_AsDouble(value);
}

static PyObject *items_get(Items *self, PyObject *index) {
    Py_ssize_t at = place(self, index);
    if (at < 0) {
        return NULL;
    }
    return PyFloat_FromDouble((double)self->data[at]);
}

static int items_set(Items *self, PyObject *index, PyObject *value) {
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "items cannot be deleted");
        return -1;
    }
    Py_ssize_t at = place(self, index);
    if (at < 0) {
        return -1;
    }
    double stored = value_of(value);
    if (stored == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    self->data[at] = (float)stored;
    return 0;
}

static int items_getbuffer(Items *self, Py_buffer *view, int flags) {
    view->obj = Py_NewRef(self);
    view->buf = self->data;
    view->len = self->size * 4;
    view->readonly = 0;
    view->itemsize = 4;
    view->format = (flags & PyBUF_FORMAT) ? "f" : NULL;
    view->ndim = 1;
    view->shape = (flags & PyBUF_ND) ? &self->size : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? &self->itemsize : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

/* Whether `at` is outside the items (then with an IndexError set). */
static inline int outside(Items *self, Py_ssize_t at) {
    if (at < 0 || at >= self->size) {
        PyErr_Format(PyExc_IndexError, "item %zd is outside the %zd items", at, self->size);
        return 1;
    }
    return 0;
}

/* scatter(items, base, stride, offsets, start, value): items[base + stride * offsets[k]] = value
 * for k = start, start + 1, ... until an offset of 255 or the end of `offsets` (a bytes object:
 * e.g. the planes a board cell is 1 on, one short run per kind of cell). */
static PyObject *scatter(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 6 || !PyObject_TypeCheck(args[0], &ItemsType) || !PyBytes_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "scatter(items: Items, base: int, stride: int, offsets: bytes, start: int, value: float)");
        return NULL;
    }
    Items *self = (Items *)args[0];
    Py_ssize_t base = PyLong_AsSsize_t(args[1]);
    Py_ssize_t stride = PyLong_AsSsize_t(args[2]);
    Py_ssize_t start = PyLong_AsSsize_t(args[4]);
    double value = value_of(args[5]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    const unsigned char *offsets = (const unsigned char *)PyBytes_AS_STRING(args[3]);
    Py_ssize_t count = PyBytes_GET_SIZE(args[3]);
    if (start < 0) {
        PyErr_SetString(PyExc_ValueError, "scatter's start is not negative");
        return NULL;
    }
    for (Py_ssize_t k = start; k < count && offsets[k] != 255; k++) {
        Py_ssize_t at = base + stride * (Py_ssize_t)offsets[k];
        if (outside(self, at)) {
            return NULL;
        }
        self->data[at] = (float)value;
    }
    Py_RETURN_NONE;
}

/* fill(items, value): every item set to value. */
static PyObject *fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyObject_TypeCheck(args[0], &ItemsType)) {
        PyErr_SetString(PyExc_TypeError, "fill(items: Items, value: float)");
        return NULL;
    }
    Items *self = (Items *)args[0];
    double value = value_of(args[1]);
    if (value == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    float stored = (float)value;
    if (stored == 0.0f) {
        memset(self->data, 0, (size_t)self->size * sizeof(float));
    } else {
        for (Py_ssize_t i = 0; i < self->size; i++) {
            self->data[i] = stored;
        }
    }
    Py_RETURN_NONE;
}

/* copy(target, source): target's items set to source's, as many. */
static PyObject *copy(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyObject_TypeCheck(args[0], &ItemsType) || !PyObject_TypeCheck(args[1], &ItemsType)) {
        PyErr_SetString(PyExc_TypeError, "copy(target: Items, source: Items)");
        return NULL;
    }
    Items *target = (Items *)args[0], *source = (Items *)args[1];
    if (target->size != source->size) {
        PyErr_Format(PyExc_ValueError, "%zd items do not fit in %zd", source->size, target->size);
        return NULL;
    }
    memmove(target->data, source->data, (size_t)target->size * sizeof(float));
    Py_RETURN_NONE;
}

static PyMappingMethods items_mapping = {
    .mp_length = (lenfunc)items_length,
    .mp_subscript = (binaryfunc)items_get,
    .mp_ass_subscript = (objobjargproc)items_set,
};

static PyBufferProcs items_buffer = {
    .bf_getbuffer = (getbufferproc)items_getbuffer,
};

static PyTypeObject ItemsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "townhall.engine._items.Items",
    .tp_basicsize = sizeof(Items),
    .tp_dealloc = (destructor)items_dealloc,
    .tp_as_mapping = &items_mapping,
    .tp_as_buffer = &items_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Items(buffer, start=0, size=-1): a run of a writable float32 buffer's items, stored one by one.",
    .tp_new = items_new,
};

/* The number as a double, or -1.0 with an exception (an int or a float: a count or a figure). */
static inline double number_of(PyObject *value) {
    if (PyLong_CheckExact(value)) {
        return PyLong_AsDouble(value);
    }
    return value_of(value);
}

/* The divisor as a double, or 0.0 with an exception (dividing by 0 is refused, as Python does). */
static double divisor_of(PyObject *value) {
    double divisor = number_of(value);
    if (divisor == -1.0 && PyErr_Occurred()) {
        return 0.0;
    }
    if (divisor == 0.0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "a table's divisor is not 0");
    }
    return divisor;
}

/* Stores value / divisor at `at`, or -1 with an exception: the same float32 as
 * `items[at] = value / divisor` in Python (one IEEE double division, then rounded). */
static inline int store_quotient(Items *self, Py_ssize_t at, PyObject *value, double divisor) {
    if (outside(self, at)) {
        return -1;
    }
    double number = number_of(value);
    if (number == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    self->data[at] = (float)(number / divisor);
    return 0;
}

/* A table call's items, first item, stride and seat in row 0 (args[0..3]), or -1 with an exception:
 * a TypeError naming the call's `usage` when `valid` (its own checks of the other arguments, made
 * only with 6 arguments) or the items fail. */
static int table_frame(PyObject *const *args, int valid, const char *usage, Items **self, Py_ssize_t *start,
                       Py_ssize_t *stride, Py_ssize_t *first) {
    if (!valid || !PyObject_TypeCheck(args[0], &ItemsType)) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    *self = (Items *)args[0];
    *start = PyLong_AsSsize_t(args[1]);
    *stride = PyLong_AsSsize_t(args[2]);
    *first = PyLong_AsSsize_t(args[3]);
    return (*start == -1 || *stride == -1 || *first == -1) && PyErr_Occurred() ? -1 : 0;
}

/* rows(items, start, stride, first, rows, divisor): a table of one row per seat, the seat `first`
 * in row 0 (the observer first): items[start + r * stride + j] = rows[(first + r) % n][j] / divisor,
 * where n = len(rows). Rows are lists or tuples of numbers. */
static PyObject *rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    Items *self;
    Py_ssize_t start, stride, first;
    if (table_frame(args, nargs == 6 && (PyList_Check(args[4]) || PyTuple_Check(args[4])),
                    "rows(items: Items, start: int, stride: int, first: int, rows: list | tuple, divisor: float)",
                    &self, &start, &stride, &first) < 0) {
        return NULL;
    }
    double divisor = divisor_of(args[5]);
    if (divisor == 0.0) {
        return NULL;
    }
    PyObject *table = args[4];
    Py_ssize_t n = PySequence_Fast_GET_SIZE(table);
    PyObject **each = PySequence_Fast_ITEMS(table);
    Py_ssize_t seat = n ? (first % n + n) % n : 0;
    for (Py_ssize_t r = 0; r < n; r++, seat = seat + 1 == n ? 0 : seat + 1) {
        PyObject *row = each[seat];
        if (!(PyList_Check(row) || PyTuple_Check(row))) {
            PyErr_Format(PyExc_TypeError, "a row is a list or a tuple, not %.100s", Py_TYPE(row)->tp_name);
            return NULL;
        }
        Py_ssize_t width = PySequence_Fast_GET_SIZE(row);
        PyObject **values = PySequence_Fast_ITEMS(row);
        Py_ssize_t at = start + r * stride;
        for (Py_ssize_t j = 0; j < width; j++) {
            if (store_quotient(self, at + j, values[j], divisor) < 0) {
                return NULL;
            }
        }
    }
    Py_RETURN_NONE;
}

/* Stores table[value] at `at` (a value per count: the count an int in the table's range), or -1
 * with an exception. */
static inline int store_looked_up(Items *self, Py_ssize_t at, PyObject *value, PyObject *table) {
    if (outside(self, at)) {
        return -1;
    }
    Py_ssize_t index = PyLong_AsSsize_t(value);
    if (index == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (index < 0 || index >= PyTuple_GET_SIZE(table)) {
        PyErr_Format(PyExc_IndexError, "no value for a count of %zd", index);
        return -1;
    }
    double number = number_of(PyTuple_GET_ITEM(table, index));
    if (number == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    self->data[at] = (float)number;
    return 0;
}

/* columns(items, start, stride, first, columns, divisors): a table of one row per seat, the seat
 * `first` in row 0, filled column by column from per-seat lists: items[start + r * stride + c] =
 * columns[c][(first + r) % n] / divisors[c], where n = len(columns[c]); where divisors[c] is a
 * tuple, the item is divisors[c][count] instead (a value per count). */
static PyObject *columns(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    Items *self;
    Py_ssize_t start, stride, first;
    if (table_frame(args, nargs == 6 && PyTuple_Check(args[4]) && PyTuple_Check(args[5]),
                    "columns(items: Items, start: int, stride: int, first: int, columns: tuple, divisors: tuple)",
                    &self, &start, &stride, &first) < 0) {
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(args[4]);
    if (PyTuple_GET_SIZE(args[5]) != count) {
        PyErr_Format(PyExc_ValueError, "%zd columns with %zd divisors", count, PyTuple_GET_SIZE(args[5]));
        return NULL;
    }
    for (Py_ssize_t c = 0; c < count; c++) {
        PyObject *column = PyTuple_GET_ITEM(args[4], c);
        if (!(PyList_Check(column) || PyTuple_Check(column))) {
            PyErr_Format(PyExc_TypeError, "a column is a list or a tuple, not %.100s", Py_TYPE(column)->tp_name);
            return NULL;
        }
        PyObject *how = PyTuple_GET_ITEM(args[5], c);
        PyObject *table = PyTuple_Check(how) ? how : NULL;
        double divisor = table ? 1.0 : divisor_of(how);
        if (divisor == 0.0) {
            return NULL;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(column);
        PyObject **values = PySequence_Fast_ITEMS(column);
        Py_ssize_t seat = n ? (first % n + n) % n : 0;
        for (Py_ssize_t r = 0; r < n; r++, seat = seat + 1 == n ? 0 : seat + 1) {
            Py_ssize_t at = start + r * stride + c;
            if ((table ? store_looked_up(self, at, values[seat], table) : store_quotient(self, at, values[seat], divisor)) < 0) {
                return NULL;
            }
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"scatter", (PyCFunction)(void (*)(void))scatter, METH_FASTCALL,
     "items[base + stride * offsets[k]] = value for k from start until an offset of 255."},
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL, "Every item set to value."},
    {"copy", (PyCFunction)(void (*)(void))copy, METH_FASTCALL, "target's items set to source's, as many."},
    {"rows", (PyCFunction)(void (*)(void))rows, METH_FASTCALL,
     "items[start + r * stride + j] = rows[(first + r) % len(rows)][j] / divisor."},
    {"columns", (PyCFunction)(void (*)(void))columns, METH_FASTCALL,
     "items[start + r * stride + c] = columns[c][(first + r) % len(columns[c])] / divisors[c] (or divisors[c][count] for a tuple)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "townhall.engine._items", NULL, 0, methods};

PyMODINIT_FUNC PyInit__items(void) {
    if (PyType_Ready(&ItemsType) < 0) {
        return NULL;
    }
    PyObject *made = PyModule_Create(&module);
    if (made == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(made, "Items", (PyObject *)&ItemsType) < 0) {
        Py_DECREF(made);
        return NULL;
    }
    return made;
}
