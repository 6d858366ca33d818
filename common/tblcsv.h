/* tblcsv: tables in CSV and TSV (RFC 4180), one table a file */
#ifndef DELVING_TBLCSV_H
#define DELVING_TBLCSV_H

#include "tblread.h"

void	 tb_csv(struct tb *b, const char *file, char sep);

#endif
