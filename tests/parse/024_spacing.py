x=1+2*3
y  =  (  1  ,  2  )
z	=	3	# tabs around
if x :
	a = 1
	if a:
		b = 2   # tab indented
a = [1,
         2,
  3]
b = {
'k' :
    1 }
c = f (
    1
    ) [
    0 ]
d = 1 + \
    2 + \
    3
e = x.\
    y
def  f ( a , b = 1 ) :
        return  a+b


# comment lines


   # indented comment
g = (  # comment inside
    1  # another
)
h = lambda  x  :  x
i = x [ 1 : 2 , :: 3 ]
j = not(x)
k = x if(y)else(z)
l = [x for(x)in(y)if(x)]
m = a.b .c. d
