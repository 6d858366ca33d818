/* json: the suite's one JSON reader: strings for the record stream, documents for tables */
#ifndef DELVING_JSON_H
#define DELVING_JSON_H

#include <stddef.h>

#define JSON_DEPTH_MAX 64	/* arrays and objects inside one another */

enum json_type { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

/* A value of a document: its byte offset in the text, for errors. */
struct json {
	enum json_type type;
	size_t	 off;
	char	*s;		/* J_STR decoded (UTF-8), J_NUM as written */
	size_t	 n;		/* J_ARR, J_OBJ: how many */
	struct json *v;		/* their values */
	char	**k;		/* J_OBJ: their names */
};

const char *json_ws(const char *p);
const char *json_string(const char *p, char **d);
char	*json_put_utf8(char *d, long c);
const char *json_number_end(const char *p);
struct json *json_parse(const char *text, size_t *erroff, const char **why);
void	 json_free(struct json *j);
const struct json *json_get(const struct json *obj, const char *name);
int	 json_long(const struct json *j, long *v);

#endif
