/* made by make from the Makefile's PROGS: do not edit */
#define DELVING_PROGS(X) \
	X(hazard, HAZARD) \
	X(light, LIGHT) \
	X(timedice, TIMEDICE) \
	X(reaction, REACTION) \
	X(chase, CHASE) \
	X(return, RETURN) \
	X(roll, ROLL) \
	X(delve, DELVE)
