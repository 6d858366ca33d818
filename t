# A

1 a

## B

1 b
