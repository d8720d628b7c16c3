

    
	

undefined_at_end
