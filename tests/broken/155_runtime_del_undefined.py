del nothing_here
